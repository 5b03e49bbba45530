import { observer } from 'mobx-react-lite';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths, useRootStore } from '@sbc/shared';
import { REGISTER_NAME_MAX_LENGTH, REGISTER_PASSWORD_MAX_LENGTH, REGISTRATION_ERROR_FALLBACK, validateRegister } from '@sbc/domain';
import { safeReturnUrl } from '../return-url';
import { useSubmit } from '../hooks/use-submit';
import { useValidatedForm } from '../hooks/use-validated-form';
import { FormField } from './FormField';
import { FormErrorAlert } from './FormErrorAlert';
import './auth-form.css';

/** /register (SPEC sections 2, 4, 5, 8): the store registers through the cloud function, then signs in. */
export const RegisterPage = observer(function RegisterPage() {
  const { auth } = useRootStore();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useValidatedForm({ fullName: '', email: '', password: '', confirmPassword: '' }, validateRegister);
  const { submit, submitting, error } = useSubmit(
    form,
    async () => {
      await auth.register({
        email: form.values.email.trim(),
        password: form.values.password,
        displayName: form.values.fullName.trim(),
      });
      // A guest sent here with a returnUrl (the watchlist star) comes back to that page; otherwise home.
      navigate(safeReturnUrl(params.get('returnUrl')) ?? paths.home, { replace: true });
    },
    REGISTRATION_ERROR_FALLBACK,
  );

  return (
    <section className="shell-auth-card" aria-labelledby="register-title">
      <h1 id="register-title">Create your account</h1>
      <p className="shell-auth-lead">Join SBC Tycoon and follow the markets.</p>
      <FormErrorAlert message={error} />
      <form noValidate onSubmit={(event) => void submit(event)}>
        {/* The function's maxima as maxLength (see REGISTER_NAME_MAX_LENGTH): past them its reply would read 'Registration is not allowed.'. */}
        <FormField label="Full name" type="text" autoComplete="name" maxLength={REGISTER_NAME_MAX_LENGTH} {...form.field('fullName')} />
        <FormField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <FormField label="Password" type="password" autoComplete="new-password" maxLength={REGISTER_PASSWORD_MAX_LENGTH} {...form.field('password')} />
        <FormField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          maxLength={REGISTER_PASSWORD_MAX_LENGTH}
          {...form.field('confirmPassword')}
        />
        <button type="submit" className="shell-button shell-button-primary shell-auth-submit" disabled={!form.isValid || submitting}>
          {submitting ? 'Creating Account...' : 'Create Account'}
        </button>
      </form>
      <p className="shell-auth-switch">
        Already have an account? <Link to={paths.login}>Login</Link>
      </p>
    </section>
  );
});
