/** The talents collection: document id = talent type, every other field key = a talent name (SPEC.md §3). */
export const TALENT_TYPES: Readonly<Record<string, readonly string[]>> = {
  engineering: ['Mechanical Engineer', 'Electrical Engineer', 'Civil Engineer', 'Software Engineer'],
  science: ['Chemist', 'Materials Scientist', 'Food Technologist', 'Pharmacist'],
  craft: ['Carpenter', 'Tailor', 'Jeweller', 'Fashion Designer', 'Upholsterer'],
  culinary: ['Chef', 'Sommelier', 'Brewer'],
  operations: ['Energy Technician', 'Logistics Manager', 'Agronomist'],
};

export const ALL_TALENT_NAMES: readonly string[] = Object.values(TALENT_TYPES).flat();
