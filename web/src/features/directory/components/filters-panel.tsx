import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/field';
import { DEFAULT_FILTERS, OPEN_TO_FLAGS, type OpenToFlag, type ProfileFilters } from '../api/search-profiles';
import type { ProfileKind } from '../api/types';

const KINDS: Array<[ProfileKind | 'all', string]> = [
  ['all', 'All kinds'],
  ['serviceProvider', 'Service providers'],
  ['nonProfit', 'Non-profits'],
  ['politicalCandidate', 'Political candidates'],
  ['communityMember', 'Community members'],
];

const RADII: Array<[number | null, string]> = [
  [null, 'Any distance'],
  [5, 'Within 5 km'],
  [10, 'Within 10 km'],
  [25, 'Within 25 km'],
  [50, 'Within 50 km'],
  [100, 'Within 100 km'],
];

/** The Filters panel: what the spec left as a bare toggle, here real filters sent to the search. */
export function FiltersPanel({ value, onChange }: { value: ProfileFilters; onChange: (next: ProfileFilters) => void }) {
  const toggleOpenTo = (flag: OpenToFlag) =>
    onChange({ ...value, openTo: value.openTo.includes(flag) ? value.openTo.filter((f) => f !== flag) : [...value.openTo, flag] });
  return (
    <section id="filters-panel" aria-label="Filters" className="grid gap-3 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
      <fieldset>
        <legend className="mb-1 font-medium text-slate-800">Open to</legend>
        <div className="grid grid-cols-2 gap-1">
          {OPEN_TO_FLAGS.map(([flag, label]) => (
            <label key={flag} className="flex items-center gap-2 text-slate-800">
              <input type="checkbox" checked={value.openTo.includes(flag)} onChange={() => toggleOpenTo(flag)} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <label className="grid gap-1 text-slate-800">
          Profile kind
          <Select value={value.kind} onChange={(e) => onChange({ ...value, kind: e.target.value as ProfileKind | 'all' })}>
            {KINDS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </Select>
        </label>
        <label className="grid gap-1 text-slate-800">
          Minimum rating
          <Select value={String(value.minRating)} onChange={(e) => onChange({ ...value, minRating: Number(e.target.value) })}>
            <option value="0">Any rating</option>
            {[1, 2, 3, 4, 5].map((r) => (
              <option key={r} value={r}>
                {r === 5 ? '5 stars' : `${r}+ stars`}
              </option>
            ))}
          </Select>
        </label>
        <label className="grid gap-1 text-slate-800">
          Radius
          <Select value={value.radiusKm === null ? '' : String(value.radiusKm)} onChange={(e) => onChange({ ...value, radiusKm: e.target.value === '' ? null : Number(e.target.value) })}>
            {RADII.map(([v, l]) => (
              <option key={l} value={v === null ? '' : String(v)}>
                {l}
              </option>
            ))}
          </Select>
        </label>
      </div>
      <Button variant="ghost" size="sm" onClick={() => onChange(DEFAULT_FILTERS)}>
        Clear filters
      </Button>
    </section>
  );
}
