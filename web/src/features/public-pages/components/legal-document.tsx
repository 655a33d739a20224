import type { ReactNode } from 'react';
import { PublicPage } from './public-page';

/** The date both legal texts carry (spec 02 §9). */
export const LEGAL_LAST_UPDATED = 'October 10, 2025';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** A legal text: its date, then numbered sections, each with its own heading for screen readers' outline. */
export function LegalDocument({ title, intro, sections }: { title: string; intro: ReactNode; sections: readonly LegalSection[] }) {
  return (
    <PublicPage title={title} intro={<p className="text-base text-slate-600">Last Updated: {LEGAL_LAST_UPDATED}</p>}>
      <div className="grid gap-3 leading-relaxed">{intro}</div>
      <ol className="grid list-none gap-8 p-0">
        {sections.map((section, i) => (
          <li key={section.title}>
            <section aria-labelledby={`legal-section-${i + 1}`} className="grid gap-3 leading-relaxed">
              <h2 id={`legal-section-${i + 1}`} className="text-xl font-semibold text-slate-900">
                {i + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          </li>
        ))}
      </ol>
    </PublicPage>
  );
}

/** A bulleted list inside a legal section. */
export function LegalList({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className="grid list-disc gap-1.5 pl-6">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}
