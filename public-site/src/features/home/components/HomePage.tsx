export function HomePage() {
  return <h1>SBC Tycoon</h1>;
}
