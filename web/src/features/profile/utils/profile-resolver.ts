import { zodResolver } from '@hookform/resolvers/zod';
import { profileInputSchema, type ProfileFormFields, type ProfileInput } from '@freemarket/contracts';
import type { FieldErrors, Resolver, ResolverOptions } from 'react-hook-form';
import { withWebScheme } from '../../../lib/web-address';
import { readWholeNumber } from '../../../lib/whole-number';
import { PROFILE_WHOLE_NUMBER_FIELDS, type ProfileFormValues, type ProfileWholeNumberField } from './profile-form';

const contractResolver: Resolver<ProfileFormFields, unknown, ProfileInput> = zodResolver(profileInputSchema);

/** The whole numbers as the contract takes them (0 when empty, spec 02 §5), and what is wrong with the others. */
function readWholeNumbers(values: ProfileFormValues) {
  const numbers: Partial<Record<ProfileWholeNumberField, number>> = {};
  const problems: FieldErrors<ProfileFormValues> = {};
  for (const field of PROFILE_WHOLE_NUMBER_FIELDS) {
    const text = values[field] ?? '';
    const read = text.trim() ? readWholeNumber(text) : { value: 0 };
    if ('error' in read) problems[field] = { type: 'wholeNumber', message: read.error };
    else numbers[field] = read.value;
  }
  return { numbers, problems };
}

/**
 * The profile contract as the form's resolver: the client refuses what the server refuses, with its
 * messages. A website typed as members usually write it (alicebakes.example.com) gets its https://
 * first, so it is checked and saved as the address it names. A whole number that is not one
 * ('1,5') is named under its field with the contract's own refusals, and nothing is saved.
 */
export const profileResolver: Resolver<ProfileFormValues, unknown, ProfileInput> = async (values, context, options) => {
  const { numbers, problems } = readWholeNumbers(values);
  // A field refused here is left out of the contract's check (absent is valid), so it carries one message.
  const fields: ProfileFormFields = { ...values, yearsInBusiness: numbers.yearsInBusiness, employeeCount: numbers.employeeCount };
  if (typeof fields.website === 'string') fields.website = withWebScheme(fields.website);
  // The same fields by the same names; only the whole numbers' types differ, text here and numbers there.
  const result = await contractResolver(fields, context, options as ResolverOptions<ProfileFormFields>);
  if (Object.keys(problems).length === 0) return result;
  return { values: {}, errors: { ...result.errors, ...problems } };
};
