/**
 * The contracts' plain constants without zod (`@freemarket/contracts/constants`): the web client
 * imports its values from here, so its bundle carries no schema code.
 */
export * from './directory/constants.js';
export * from './commerce-constants.js';
export * from './expense-constants.js';
export * from './text.js';
export * from './messaging-constants.js';
