import { paths } from '../../../config/paths';

const STATS = [
  { value: '1,200+', label: 'Service Providers' },
  { value: '50+', label: 'Skill Categories' },
  { value: '8,900+', label: 'Connections Made' },
  { value: '4.9', label: 'Average Rating' },
];

const CATEGORIES = [
  { name: 'Trades', count: 156 },
  { name: 'Medical', count: 89 },
  { name: 'Education', count: 124 },
  { name: 'Creative', count: 98 },
  { name: 'Agriculture', count: 67 },
  { name: 'Technology', count: 145 },
  { name: 'Non-Profit', count: 43 },
  { name: 'Political', count: 12 },
];

const FEATURES = [
  { title: 'Interactive Map', text: 'Find providers, non-profits and community resources near you on a live map.' },
  { title: 'Real Opportunities', text: 'Volunteer, employment and mentoring opportunities, found without resumes or AI screening.' },
  { title: 'Learn Skills', text: 'DIY training content and trades taught by experienced local professionals.' },
];

const FOOTER_LINKS = [
  ['/about', 'About Us'],
  ['/feed', 'Community Feed'],
  ['/events', 'Events'],
  ['/projects', 'Projects'],
  ['/learn', 'Learning Center'],
  ['/rewards', 'Rewards Program'],
  ['/contact', 'Contact Us'],
  ['/terms-of-service', 'Terms of Service'],
  ['/privacy-policy', 'Privacy Policy'],
] as const;

/** Full-page navigation: sign-in is a server redirect chain, not a client route. */
function goToLogin(): void {
  window.location.href = paths.login.getHref();
}

export function LandingPage() {
  return (
    <div className="landing">
      <header className="site-header">
        <a className="brand" href="/">
          <span className="brand-mark" aria-hidden="true">FM</span> FreeMarket
        </a>
        <button type="button" className="button primary" onClick={goToLogin}>
          Get Started
        </button>
      </header>
      <main>
        <section className="hero">
          <h1>Know your neighbors and support your community</h1>
          <p>
            Find non-profits, skilled labor, artists, providers, farmers, political candidates and community members near you. A directory, job
            fair, classroom and forum, built to grow local economies and civic engagement.
          </p>
          <div className="hero-actions">
            <button type="button" className="button primary" onClick={goToLogin}>
              Start Exploring
            </button>
            <a className="button secondary" href={paths.about.getHref()}>
              Learn More
            </a>
          </div>
        </section>
        <section aria-labelledby="features-heading" className="features">
          <h2 id="features-heading">Everything your community needs</h2>
          <ul className="card-grid">
            {FEATURES.map((f) => (
              <li key={f.title} className="card">
                <h3>{f.title}</h3>
                <p>{f.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-label="FreeMarket in numbers" className="stats">
          {STATS.map((s) => (
            <div key={s.label}>
              <strong>{s.value}</strong>
              <span>{s.label}</span>
            </div>
          ))}
        </section>
        <section aria-labelledby="categories-heading" className="categories">
          <h2 id="categories-heading">Browse by category</h2>
          <ul className="category-grid">
            {CATEGORIES.map((c) => (
              <li key={c.name} className="card">
                <h3>{c.name}</h3>
                <p>{c.count} providers</p>
              </li>
            ))}
          </ul>
        </section>
        <section className="cta">
          <h2>Join today</h2>
          <button type="button" className="button primary" onClick={goToLogin}>
            Get Started
          </button>
        </section>
      </main>
      <footer className="site-footer">
        <p>FreeMarket builds stronger communities through local connections and collaboration.</p>
        <nav aria-label="Footer">
          <ul>
            {FOOTER_LINKS.map(([href, label]) => (
              <li key={href}>
                <a href={href}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <p>© 2025 FreeMarket. All rights reserved.</p>
      </footer>
    </div>
  );
}
