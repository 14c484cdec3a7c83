export function ResetPasswordPage() {
  return <p>reset</p>
}
