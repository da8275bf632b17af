export default function WalletPage() {
  return (
    <main>
      <h1>WalletPage</h1>
    </main>
  )
}
