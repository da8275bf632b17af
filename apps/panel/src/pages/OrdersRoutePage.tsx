export default function OrdersRoutePage() {
  return (
    <main>
      <h1>OrdersRoutePage</h1>
    </main>
  )
}
