/**
 * Where demo members live: neighbourhoods around the map's default position (37.7749, -122.4194),
 * weighted roughly by population, so markers land on land and thin out with distance (~25 km).
 */
export const DEMO_PLACES = [
  { name: 'Mission District', city: 'San Francisco', lat: 37.7599, lng: -122.4148, weight: 9, spreadKm: 0.9 },
  { name: 'SoMa', city: 'San Francisco', lat: 37.7785, lng: -122.4056, weight: 7, spreadKm: 0.8 },
  { name: 'Richmond District', city: 'San Francisco', lat: 37.7802, lng: -122.4828, weight: 6, spreadKm: 1.1 },
  { name: 'Sunset District', city: 'San Francisco', lat: 37.753, lng: -122.4944, weight: 7, spreadKm: 1.2 },
  { name: 'Nob Hill', city: 'San Francisco', lat: 37.793, lng: -122.4161, weight: 5, spreadKm: 0.6 },
  { name: 'Marina', city: 'San Francisco', lat: 37.8037, lng: -122.4368, weight: 4, spreadKm: 0.6 },
  { name: 'Bayview', city: 'San Francisco', lat: 37.7296, lng: -122.3893, weight: 5, spreadKm: 0.9 },
  { name: 'Excelsior', city: 'San Francisco', lat: 37.7244, lng: -122.4272, weight: 4, spreadKm: 0.8 },
  { name: 'Noe Valley', city: 'San Francisco', lat: 37.7502, lng: -122.4337, weight: 4, spreadKm: 0.6 },
  { name: 'Haight-Ashbury', city: 'San Francisco', lat: 37.7692, lng: -122.4481, weight: 4, spreadKm: 0.6 },
  { name: 'Downtown Oakland', city: 'Oakland', lat: 37.8044, lng: -122.2712, weight: 7, spreadKm: 1.2 },
  { name: 'Fruitvale', city: 'Oakland', lat: 37.7748, lng: -122.2241, weight: 5, spreadKm: 1.0 },
  { name: 'Downtown Berkeley', city: 'Berkeley', lat: 37.8715, lng: -122.273, weight: 5, spreadKm: 1.1 },
  { name: 'Alameda', city: 'Alameda', lat: 37.7652, lng: -122.2416, weight: 3, spreadKm: 1.0 },
  { name: 'Emeryville', city: 'Emeryville', lat: 37.8313, lng: -122.2852, weight: 2, spreadKm: 0.5 },
  { name: 'Daly City', city: 'Daly City', lat: 37.6879, lng: -122.4702, weight: 4, spreadKm: 1.0 },
  { name: 'South San Francisco', city: 'South San Francisco', lat: 37.6547, lng: -122.4077, weight: 3, spreadKm: 1.0 },
  { name: 'San Bruno', city: 'San Bruno', lat: 37.6305, lng: -122.4111, weight: 2, spreadKm: 0.8 },
  { name: 'Sausalito', city: 'Sausalito', lat: 37.8591, lng: -122.4853, weight: 1, spreadKm: 0.5 },
  { name: 'Mill Valley', city: 'Mill Valley', lat: 37.906, lng: -122.545, weight: 1, spreadKm: 0.7 },
  { name: 'Richmond', city: 'Richmond', lat: 37.9358, lng: -122.3477, weight: 3, spreadKm: 1.2 },
  { name: 'San Leandro', city: 'San Leandro', lat: 37.7249, lng: -122.1561, weight: 2, spreadKm: 1.0 },
  { name: 'Pacifica', city: 'Pacifica', lat: 37.6138, lng: -122.4869, weight: 1, spreadKm: 0.7 },
] as const;

export type DemoPlace = (typeof DEMO_PLACES)[number];

export const STREETS = ['Valencia St', 'Mission St', 'Market St', 'Geary Blvd', 'Irving St', 'Fillmore St', 'Divisadero St', '3rd St', 'Broadway', 'Telegraph Ave', 'Shattuck Ave', 'International Blvd', 'Park St', 'San Pablo Ave', 'Judah St', 'Castro St', 'Folsom St', 'Polk St', 'Grand Ave', 'El Camino Real'] as const;
