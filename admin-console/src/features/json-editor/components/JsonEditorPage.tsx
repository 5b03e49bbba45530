export function JsonEditorPage() {
  return <h1>JSON Editor</h1>;
}
