/** Words the demo profiles are made of: titles, credentials, organisations, bios. */

/** A job title per catalogue skill; skills not listed get '<skill> Specialist'. */
export const TITLES: Record<string, string> = {
  Electrical: 'Licensed Electrician',
  Plumbing: 'Master Plumber',
  Carpentry: 'Finish Carpenter',
  HVAC: 'HVAC Technician',
  Welding: 'Certified Welder',
  Roofing: 'Roofing Contractor',
  Masonry: 'Stonemason',
  'House Painting': 'House Painter',
  Landscaping: 'Landscape Gardener',
  'Auto Repair': 'Auto Mechanic',
  'General Construction': 'General Contractor',
  Nursing: 'Registered Nurse',
  'Home Health Aide': 'Home Health Aide',
  'Physical Therapy': 'Physical Therapist',
  'Dental Hygiene': 'Dental Hygienist',
  Pharmacy: 'Pharmacist',
  'Mental Health Counseling': 'Licensed Counselor',
  'Massage Therapy': 'Massage Therapist',
  Midwifery: 'Certified Midwife',
  Tutoring: 'Tutor',
  'Math Tutoring': 'Math Tutor',
  'Language Instruction': 'Spanish Teacher',
  'Music Lessons': 'Piano Teacher',
  'Graphic Design': 'Graphic Designer',
  Photography: 'Photographer',
  Videography: 'Videographer',
  'Writing and Editing': 'Freelance Editor',
  Illustration: 'Illustrator',
  'Interior Design': 'Interior Designer',
  Farming: 'Urban Farmer',
  'Organic Gardening': 'Organic Gardener',
  Beekeeping: 'Beekeeper',
  'Web Development': 'Web Developer',
  'Mobile App Development': 'Mobile Developer',
  'IT Support': 'IT Support Technician',
  'Data Analysis': 'Data Analyst',
  Cybersecurity: 'Security Consultant',
  'Computer Repair': 'Computer Repair Technician',
  'UX Design': 'UX Designer',
};

/** Credentials by category: [name, issuer, licence prefix]. */
export const CREDENTIALS: Record<string, readonly (readonly [string, string, string])[]> = {
  Trades: [
    ['C-10 Electrical Contractor License', 'California Contractors State License Board', 'C10'],
    ['C-36 Plumbing Contractor License', 'California Contractors State License Board', 'C36'],
    ['OSHA 30-Hour Construction', 'Occupational Safety and Health Administration', 'OSHA'],
    ['EPA Section 608 Certification', 'US Environmental Protection Agency', 'EPA'],
    ['AWS Certified Welder', 'American Welding Society', 'AWS'],
  ],
  Medical: [
    ['Registered Nurse (RN)', 'California Board of Registered Nursing', 'RN'],
    ['Basic Life Support (BLS)', 'American Heart Association', 'BLS'],
    ['Certified Nursing Assistant', 'California Department of Public Health', 'CNA'],
    ['Licensed Massage Therapist', 'California Massage Therapy Council', 'CMTC'],
  ],
  Education: [
    ['Single Subject Teaching Credential', 'California Commission on Teacher Credentialing', 'CTC'],
    ['TESOL Certificate', 'TESOL International Association', 'TESOL'],
  ],
  Technology: [
    ['AWS Certified Solutions Architect', 'Amazon Web Services', 'AWS-SA'],
    ['CompTIA Security+', 'CompTIA', 'COMP'],
    ['Google UX Design Certificate', 'Google', 'GUX'],
  ],
  Creative: [['Certified Professional Photographer', 'Professional Photographers of America', 'CPP']],
  Agriculture: [['Certified Organic Operation', 'California Certified Organic Farmers', 'CCOF']],
};

/** Non-profits and community organisations (some worship, schools and event hosts among them). */
export const ORGANISATIONS = [
  'Mission Food Pantry',
  'Bayview Housing Collective',
  'Grace Community Church',
  'St. Anne Parish Outreach',
  'Temple Beth Shalom Community',
  'Al-Noor Community Mosque',
  'Sunset Montessori School',
  'Oakland Literacy Project',
  'Richmond Youth Academy',
  'Fruitvale Music Festival',
  'Eastbay Makers Workshop',
  'Golden Gate Mental Health Alliance',
  'Bay Area Tenant Union',
  'Community Garden Network',
  'Neighborhood Tool Library',
] as const;

export const OFFICES = ['City Council, District 5', 'Board of Supervisors, District 9', 'School Board', 'State Assembly, District 17', 'Mayor', 'BART Board, District 8'] as const;

export const PASSIONS = ['hiking the Presidio', 'community gardening', 'jazz piano', 'cycling', 'cooking for neighbours', 'film photography', 'rock climbing', 'birdwatching', 'pickup soccer'] as const;
export const CAUSES = ['affordable housing', 'food security', 'public transit', 'youth mentoring', 'climate resilience', 'small business support', 'literacy', 'mental health access'] as const;
export const BOOKS = ['Parable of the Sower', 'The Power Broker', 'Braiding Sweetgrass', 'The Color of Law', 'Educated', 'Salt Fat Acid Heat'] as const;

export const BIO_OPENERS = [
  'Born and raised in the Bay Area,',
  'After years in the field,',
  'A proud neighbour for over a decade,',
  'Family-run and community-minded,',
  'Passionate about local economies,',
] as const;
