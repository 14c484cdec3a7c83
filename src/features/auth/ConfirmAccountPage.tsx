export function ConfirmAccountPage() {
  return <p>confirm</p>
}
