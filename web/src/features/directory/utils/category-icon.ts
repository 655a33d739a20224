import {
  Car,
  Cpu,
  GraduationCap,
  HandHelping,
  HardHat,
  Landmark,
  type LucideIcon,
  Palette,
  Sprout,
  Stethoscope,
  User,
  Wrench,
  Zap,
  LayoutGrid,
} from 'lucide-react';

const CATEGORY_RULES: Array<[RegExp, LucideIcon]> = [
  [/trade|electrical|plumbing/i, Wrench],
  [/medical|health/i, Stethoscope],
  [/creative|design|art/i, Palette],
  [/education|teaching/i, GraduationCap],
  [/agricultur|farming/i, Sprout],
  [/non-?profit|charity/i, HandHelping],
  [/politic|government/i, Landmark],
  [/construction|building/i, HardHat],
  [/automotive|vehicle/i, Car],
  [/tech/i, Cpu],
];

/** Spec 01 §2, category filter bar: an icon chosen by keywords in the category's name. */
export function categoryIcon(name: string): LucideIcon {
  return CATEGORY_RULES.find(([re]) => re.test(name))?.[1] ?? LayoutGrid;
}

export type MarkerGlyph = 'nonprofit' | 'candidate' | 'electrical' | 'plumbing' | 'medical' | 'design' | 'education' | 'agriculture' | 'construction' | 'automotive' | 'person';

export const MARKER_GLYPH_ICONS: Record<MarkerGlyph, LucideIcon> = {
  nonprofit: HandHelping,
  candidate: Landmark,
  electrical: Zap,
  plumbing: Wrench,
  medical: Stethoscope,
  design: Palette,
  education: GraduationCap,
  agriculture: Sprout,
  construction: HardHat,
  automotive: Car,
  person: User,
};

const SKILL_GLYPHS: Array<[RegExp, MarkerGlyph]> = [
  [/electric/i, 'electrical'],
  [/plumb/i, 'plumbing'],
  [/medic|health/i, 'medical'],
  [/design|creative|art/i, 'design'],
  [/educat|teach/i, 'education'],
  [/agricultur|farm/i, 'agriculture'],
  [/construct|build/i, 'construction'],
  [/automotive|vehicle|auto\b/i, 'automotive'],
];

/** Spec 01 §2, markers: non-profit, candidate, else by the first skill's category, else a person. */
export function markerGlyph(p: { isNonProfit: boolean; isPoliticalCandidate: boolean; firstCategory: string | null }): MarkerGlyph {
  if (p.isNonProfit) return 'nonprofit';
  if (p.isPoliticalCandidate) return 'candidate';
  if (p.firstCategory) return SKILL_GLYPHS.find(([re]) => re.test(p.firstCategory!))?.[1] ?? 'person';
  return 'person';
}
