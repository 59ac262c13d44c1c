export default function HomePage() {
  return (
    <main>
      <h1>Protokoll</h1>
      <p>The score sheet for Knektpass and Norrlands-Knack.</p>
    </main>
  );
}
