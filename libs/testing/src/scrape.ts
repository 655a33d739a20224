/** One scrape of a `/metrics` page, as an operator's Prometheus would read it. */
export interface Scrape {
  status: number;
  text: string;
  /** The families the page declares (`# TYPE` lines), by name. */
  families: Map<string, string>;
  /** The value of the one sample of `name` whose labels include `labels`; undefined when none. */
  value(name: string, labels?: Record<string, string>): number | undefined;
}

/** GETs `url` (a service's or the gateway's `/metrics`) and parses the text exposition. */
export async function scrapeMetrics(url: string, headers: Record<string, string> = {}): Promise<Scrape> {
  const res = await fetch(url, { headers });
  const text = await res.text();
  return { status: res.status, ...parseExposition(text) };
}

function parseExposition(text: string): Omit<Scrape, 'status' | 'text'> & { text: string } {
  const families = new Map<string, string>();
  const samples: { name: string; labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) families.set(type[1]!, type[2]!);
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) continue;
    const labels = Object.fromEntries([...(sample[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
    samples.push({ name: sample[1]!, labels, value: Number(sample[3]) });
  }
  return {
    text,
    families,
    value(name, labels = {}) {
      const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
      if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
      return found[0]?.value;
    },
  };
}
