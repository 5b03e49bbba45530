/** The red box of SPEC section 8 for a failed sign-in or registration. */
export function FormErrorAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="shell-form-alert" role="alert">
      {message}
    </div>
  );
}
