export const FIRST_NAMES = [
  'Ada', 'Alejandro', 'Amara', 'Andre', 'Anika', 'Ben', 'Camila', 'Carlos', 'Chen', 'Dana', 'Deshawn', 'Diego', 'Elena', 'Emeka', 'Fatima',
  'Gabriel', 'Grace', 'Hana', 'Hiro', 'Imani', 'Isabel', 'Jamal', 'Jasmine', 'Jin', 'Jordan', 'Kai', 'Keisha', 'Lena', 'Leo', 'Lucia',
  'Malik', 'Maria', 'Mateo', 'Maya', 'Mei', 'Miguel', 'Nadia', 'Naomi', 'Nia', 'Noah', 'Olivia', 'Omar', 'Priya', 'Rafael', 'Ravi',
  'Rosa', 'Sam', 'Sara', 'Sofia', 'Tariq', 'Tomas', 'Valentina', 'Vikram', 'Wei', 'Xavier', 'Yara', 'Yusuf', 'Zara', 'Zoe', 'Ezra',
] as const;

export const LAST_NAMES = [
  'Nguyen', 'Garcia', 'Johnson', 'Chen', 'Martinez', 'Williams', 'Patel', 'Kim', 'Lopez', 'Brown', 'Wong', 'Hernandez', 'Davis', 'Singh',
  'Okafor', 'Rodriguez', 'Lee', 'Tanaka', 'Silva', 'Jackson', 'Cohen', 'Ramirez', 'Ali', 'Moore', 'Park', 'Flores', 'Thompson', 'Reyes',
  'Khan', 'Walker', 'Santos', 'Yamamoto', 'Mensah', 'Torres', 'Murphy', 'Gupta', 'Rivera', 'Osei', 'Bennett', 'Castillo', 'Huang', 'Diaz',
  "O'Brien", 'Ortiz', 'Mitchell', 'Vargas', 'Adeyemi', 'Foster', 'Ito', 'Morales',
] as const;
