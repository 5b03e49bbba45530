import { observer } from 'mobx-react-lite';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths, useRootStore } from '@sbc/shared';
import { LOGIN_ERROR_FALLBACK, validateLogin } from '@sbc/domain';
import { safeReturnUrl } from '../return-url';
import { useSubmit } from '../hooks/use-submit';
import { useValidatedForm } from '../hooks/use-validated-form';
import { FormField } from './FormField';
import { FormErrorAlert } from './FormErrorAlert';
import './auth-form.css';

/**
 * /login (SPEC sections 2, 4, 5, 8). On success it goes to the guard's returnUrl when that is a same-site
 * path, else home. The store rejects with the catalogue message, which is shown as is.
 */
export const LoginPage = observer(function LoginPage() {
  const { auth } = useRootStore();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useValidatedForm({ email: '', password: '' }, validateLogin);
  const { submit, submitting, error } = useSubmit(
    form,
    async () => {
      // Decision: surrounding spaces in the e-mail are typing noise (the validator ignores them too).
      await auth.login(form.values.email.trim(), form.values.password);
      navigate(safeReturnUrl(params.get('returnUrl')) ?? paths.home, { replace: true });
    },
    LOGIN_ERROR_FALLBACK,
  );

  return (
    <section className="shell-auth-card" aria-labelledby="login-title">
      <h1 id="login-title">Sign in</h1>
      <p className="shell-auth-lead">Welcome back to SBC Tycoon.</p>
      <FormErrorAlert message={error} />
      <form noValidate onSubmit={(event) => void submit(event)}>
        <FormField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <FormField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
        <button type="submit" className="shell-button shell-button-primary shell-auth-submit" disabled={!form.isValid || submitting}>
          {submitting ? 'Signing In...' : 'Sign In'}
        </button>
      </form>
      <p className="shell-auth-switch">
        Don&apos;t have an account? <Link to={paths.register}>Sign Up</Link>
      </p>
    </section>
  );
});
