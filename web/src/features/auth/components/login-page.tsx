import { LoginBody } from '@server/auth/auth.routes';
import { Logo } from '@/components/layout/logo';
import { Button } from '@/components/ui/button';
import { Form, FormError, TextField } from '@/components/ui/form';
import { useLogin } from '../api/login';

export function LoginPage({ onSignedIn }: { onSignedIn: () => void }) {
  const login = useLogin();
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-zinc-50 to-zinc-100 px-4 py-12">
      <div className="mb-8">
        <Logo />
      </div>
      <div className="w-full max-w-sm rounded-2xl border border-zinc-200 bg-white p-8 shadow-sm">
        <div className="mb-6 space-y-1">
          <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Sign in</h1>
          <p className="text-sm text-zinc-500">Welcome back. Sign in to manage your teams' social accounts.</p>
        </div>
        <Form
          schema={LoginBody}
          defaultValues={{ email: '', password: '' }}
          aria-label="Sign in"
          onSubmit={async (values) => {
            await login.mutateAsync(values);
            onSignedIn();
          }}
        >
          {(form) => (
            <>
              <TextField name="email" label="Email" type="email" autoComplete="username" autoFocus placeholder="you@company.com" />
              <TextField name="password" label="Password" type="password" autoComplete="current-password" />
              <FormError />
              <Button type="submit" className="w-full" pending={form.formState.isSubmitting}>
                Sign in
              </Button>
            </>
          )}
        </Form>
      </div>
      <p className="mt-6 max-w-sm text-center text-xs text-zinc-500">
        Accounts are created by the operator (<code className="font-mono">npm run admin -- create-user</code>). Developers can also use the{' '}
        <a href="/docs" className="font-medium text-accent-700 hover:underline">
          API reference
        </a>
        .
      </p>
    </div>
  );
}
