import { useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { paths } from '../../app/paths'
import { LoginForm } from './LoginForm'

export function LoginPage({ mode }: { mode: 'login' | 'signup' }) {
  const [, navigate] = useLocation()
  const search = new URLSearchParams(useSearch())
  const inviteParam = search.get('invite')
  const [key, setKey] = useState(0)
  if (mode === 'signup') return <p>signup</p>
  return (
    <LoginForm
      key={key}
      invite={null}
      inviteParam={inviteParam}
      onForgotPassword={() => setKey((k) => k + 1)}
      onCreateAccount={() => navigate(paths.signup())}
      onResendConfirmation={() => undefined}
    />
  )
}
