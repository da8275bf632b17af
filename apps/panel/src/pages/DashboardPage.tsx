export default function DashboardPage() {
  return (
    <main>
      <h1>DashboardPage</h1>
    </main>
  )
}
