export function RegisterPage() {
  return <h1>Create your account</h1>;
}
