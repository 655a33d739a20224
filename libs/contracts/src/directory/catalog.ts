/**
 * The reference skill catalogue: the eight landing categories (spec 01 §1) with the skills members
 * pick from. The directory seeds it at every start (idempotently); demo and benchmark data use it.
 * `icon` names a lucide icon; `color` is the category's hex colour.
 */
export const SKILL_CATALOG = [
  {
    name: 'Trades',
    icon: 'wrench',
    color: '#F59E0B',
    skills: ['Electrical', 'Plumbing', 'Carpentry', 'HVAC', 'Welding', 'Roofing', 'Masonry', 'House Painting', 'Landscaping', 'Auto Repair', 'General Construction', 'Appliance Repair'],
  },
  {
    name: 'Medical',
    icon: 'stethoscope',
    color: '#EF4444',
    skills: ['Nursing', 'Home Health Aide', 'Physical Therapy', 'Dental Hygiene', 'Pharmacy', 'Medical Billing', 'Mental Health Counseling', 'Massage Therapy', 'Midwifery', 'Emergency Medical Services'],
  },
  {
    name: 'Education',
    icon: 'graduation-cap',
    color: '#3B82F6',
    skills: ['Tutoring', 'Math Tutoring', 'Language Instruction', 'Music Lessons', 'Special Education', 'Test Preparation', 'Early Childhood Education', 'Adult Literacy', 'Coding Instruction'],
  },
  {
    name: 'Creative',
    icon: 'palette',
    color: '#8B5CF6',
    skills: ['Graphic Design', 'Photography', 'Videography', 'Writing and Editing', 'Illustration', 'Music Production', 'Interior Design', 'Fashion Design', 'Pottery'],
  },
  {
    name: 'Agriculture',
    icon: 'sprout',
    color: '#22C55E',
    skills: ['Farming', 'Organic Gardening', 'Beekeeping', 'Livestock Care', 'Orchard Management', 'Permaculture', 'Composting', 'Food Preservation'],
  },
  {
    name: 'Technology',
    icon: 'laptop',
    color: '#06B6D4',
    skills: ['Web Development', 'Mobile App Development', 'IT Support', 'Data Analysis', 'Cybersecurity', 'Computer Repair', 'Network Administration', 'UX Design', 'Cloud Computing'],
  },
  {
    name: 'Non-Profit',
    icon: 'heart-handshake',
    color: '#14B8A6',
    skills: ['Grant Writing', 'Volunteer Coordination', 'Fundraising', 'Community Organizing', 'Case Management', 'Food Bank Operations', 'Event Planning'],
  },
  {
    name: 'Political',
    icon: 'landmark',
    color: '#F97316',
    skills: ['Campaign Management', 'Public Speaking', 'Policy Research', 'Voter Outreach', 'Canvassing', 'Advocacy', 'Legislative Drafting'],
  },
] as const;

export type SkillCatalogCategory = (typeof SKILL_CATALOG)[number];
