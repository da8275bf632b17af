import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react'
import { Button, Popover as AriaPopover, type PopoverProps as AriaPopoverProps } from 'react-aria-components'
import { detailCard, popover, popoverTrigger } from './Popover.css'

export interface PopoverProps {
  /** What the trigger shows (an order id, a service name…). */
  trigger: ReactNode
  /** Accessible name of the card ("Order 123 details"). */
  title: string
  /** The card's content. */
  children: ReactNode
  /** Where the card opens relative to the trigger. @default 'bottom start' */
  placement?: AriaPopoverProps['placement']
  /** Milliseconds a mouse must rest on the trigger before the card opens. @default 300 */
  delay?: number
  /** Milliseconds before the card closes after the mouse leaves. @default 200 */
  closeDelay?: number
  /** Class of the trigger button. */
  triggerClassName?: string
}

/**
 * A detail card that opens on mouse hover, on keyboard focus (and Enter/Space), and on tap; Escape, a tap
 * elsewhere or moving away closes it. The trigger is a button with aria-expanded pointing at the card.
 * When the card holds something focusable (a link, a scrolling list), Tab from the open trigger moves into the
 * card, Shift+Tab from its first stop or Escape goes back to the trigger, and Tab past its last stop closes it.
 */
export function Popover({
  trigger,
  title,
  children,
  placement = 'bottom start',
  delay = 300,
  closeDelay = 200,
  triggerClassName,
}: PopoverProps) {
  const triggerRef = useRef<HTMLButtonElement>(null)
  const cardRef = useRef<HTMLDivElement>(null)
  const timer = useRef<number | undefined>(undefined)
  const [isOpen, setOpen] = useState(false)
  /** Set while Shift+Tab hands focus back from the card, so React Aria's close-on-blur leaves the card open. */
  const returningToTrigger = useRef(false)
  const keepClosedOnFocus = useRef(false)
  const cardId = useId()

  const setOpenAfter = (open: boolean, milliseconds: number) => {
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(() => setOpen(open), milliseconds)
  }
  const setOpenNow = (open: boolean) => {
    window.clearTimeout(timer.current)
    setOpen(open)
  }

  useEffect(() => () => window.clearTimeout(timer.current), [])

  // The card is portalled to the end of the page, so Tab would skip it: the trigger hands focus over by hand.
  // Tab past the card's last stop is React Aria's: on to what follows the trigger, and the card closes.
  const focusableInCard = () =>
    [...(cardRef.current?.querySelectorAll<HTMLElement>(focusableSelector) ?? [])].filter(
      (element) => !element.hasAttribute('disabled'),
    )
  const isInsideCard = (node: EventTarget | null) =>
    node instanceof Node && (cardRef.current?.contains(node) ?? false)

  // Shift+Tab from the card's first stop goes back to the trigger, and Escape in the card closes it there. React Aria's focus scope would otherwise send
  // it to whatever precedes the trigger, from a capturing listener on the document: this one, on the window, runs
  // first.
  useEffect(() => {
    if (!isOpen) return
    const backToTrigger = (event: KeyboardEvent) => {
      const escape = event.key === 'Escape' && isInsideCard(event.target)
      const shiftTab = event.key === 'Tab' && event.shiftKey && focusableInCard()[0] === event.target
      if (!escape && !shiftTab) return
      event.preventDefault()
      event.stopPropagation()
      returningToTrigger.current = shiftTab
      // Escape closes the card: the keyboard focus landing on the trigger must not open it again.
      keepClosedOnFocus.current = escape
      triggerRef.current?.focus()
      returningToTrigger.current = false
      if (escape) setOpenNow(false)
    }
    window.addEventListener('keydown', backToTrigger, true)
    return () => window.removeEventListener('keydown', backToTrigger, true)
  })

  // The card is non-modal (it must not steal focus on hover), so a press elsewhere closes it here.
  useEffect(() => {
    if (!isOpen) return
    const closeOnOutsidePress = (event: PointerEvent) => {
      const target = event.target as Node
      if (!triggerRef.current?.contains(target) && !cardRef.current?.contains(target)) setOpenNow(false)
    }
    document.addEventListener('pointerdown', closeOnOutsidePress)
    return () => document.removeEventListener('pointerdown', closeOnOutsidePress)
  }, [isOpen])

  return (
    <>
      <Button
        ref={triggerRef}
        className={[popoverTrigger, triggerClassName].filter(Boolean).join(' ')}
        aria-expanded={isOpen}
        aria-controls={isOpen ? cardId : undefined}
        onHoverStart={() => setOpenAfter(true, delay)}
        onHoverEnd={() => setOpenAfter(false, closeDelay)}
        onBlur={(event) => {
          keepClosedOnFocus.current = false
          if (!isInsideCard(event.relatedTarget)) setOpenAfter(false, closeDelay)
        }}
        onKeyDown={(event) => {
          const [first] = focusableInCard()
          if (event.key === 'Escape' && isOpen) setOpenNow(false)
          else if (event.key === 'Tab' && !event.shiftKey && isOpen && first) {
            event.preventDefault()
            window.clearTimeout(timer.current)
            first.focus()
          } else event.continuePropagation()
        }}
        // A mouse press keeps a hovered card open; a tap or a key press toggles it.
        onPress={(event) => setOpenNow(event.pointerType === 'mouse' ? true : !isOpen)}
      >
        {({ isFocusVisible }) => (
          <>
            {trigger}
            <OpenOnKeyboardFocus
              isFocusVisible={isFocusVisible}
              open={() => {
                if (!keepClosedOnFocus.current) setOpenNow(true)
                keepClosedOnFocus.current = false
              }}
            />
          </>
        )}
      </Button>
      <AriaPopover
        triggerRef={triggerRef}
        isOpen={isOpen}
        // React Aria closes a non-modal popover when focus leaves it; focus going back to the trigger (Shift+Tab
        // from the card) keeps the card open, as hovering the trigger does.
        onOpenChange={(open) => {
          if (open || !returningToTrigger.current) setOpenNow(open)
        }}
        isNonModal
        placement={placement}
        className={popover}
      >
        <div
          ref={cardRef}
          id={cardId}
          role="dialog"
          aria-label={title}
          className={detailCard}
          onPointerEnter={(event) => {
            if (event.pointerType === 'mouse') window.clearTimeout(timer.current)
          }}
          onPointerLeave={(event) => {
            if (event.pointerType === 'mouse') setOpenAfter(false, closeDelay)
          }}
        >
          {children}
        </div>
      </AriaPopover>
    </>
  )
}

// Keyboard focus opens the card; focus from a mouse or a touch waits for the hover or the press. RAC's
// isFocusVisible already knows which input moved focus.
function OpenOnKeyboardFocus({ isFocusVisible, open }: { isFocusVisible: boolean; open: () => void }) {
  const openCard = useEffectEvent(open)
  useEffect(() => {
    if (isFocusVisible) openCard()
  }, [isFocusVisible])
  return null
}

const focusableSelector =
  'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]'
