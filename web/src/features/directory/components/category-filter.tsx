import { LayoutGrid } from 'lucide-react';
import { cn } from '../../../lib/cn';
import type { SkillCategory } from '../api/types';
import { categoryIcon } from '../utils/category-icon';

const BUTTON = 'inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-xs font-medium';

/** Spec 01 §2: 'All' plus one button per skill category; choosing All clears the choice. */
export function CategoryFilter({ categories, value, onChange }: { categories: SkillCategory[]; value: string | null; onChange: (id: string | null) => void }) {
  return (
    <div role="group" aria-label="Categories" className="flex flex-wrap gap-1.5">
      <button type="button" aria-pressed={value === null} className={cn(BUTTON, value === null ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 bg-white text-slate-800')} onClick={() => onChange(null)}>
        <LayoutGrid className="h-3.5 w-3.5" aria-hidden="true" /> All
      </button>
      {categories.map((c) => {
        const Icon = categoryIcon(c.name);
        const active = value === c.id;
        return (
          <button key={c.id} type="button" aria-pressed={active} className={cn(BUTTON, active ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 bg-white text-slate-800')} onClick={() => onChange(c.id)}>
            <Icon className="h-3.5 w-3.5" aria-hidden="true" /> {c.name}
          </button>
        );
      })}
    </div>
  );
}
