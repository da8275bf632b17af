import { Banner, Button, Stack, Text } from '@engage/ui'
import { codeList } from './SecuritySettings.css'

export const RECOVERY_CODES_SAVED = 'I have saved these codes'
export const RECOVERY_CODES_WARNING =
  'Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.'

/** The ten recovery codes, shown once after the set-up; dismissing them shows the section as "on". */
export function RecoveryCodesList({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  return (
    <Stack gap="medium">
      <Banner tone="success">Two-factor sign-in is on.</Banner>
      <Text>{RECOVERY_CODES_WARNING}</Text>
      <ol className={codeList} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div>
        <Button onPress={onDone}>{RECOVERY_CODES_SAVED}</Button>
      </div>
    </Stack>
  )
}
