import { zodResolver } from '@hookform/resolvers/zod';
import { profileInputSchema, type ProfileInput } from '@freemarket/contracts';
import type { Resolver } from 'react-hook-form';
import { withWebScheme } from '../../../lib/web-address';
import type { ProfileFormValues } from './profile-form';

const contractResolver: Resolver<ProfileFormValues, unknown, ProfileInput> = zodResolver(profileInputSchema);

/**
 * The profile contract as the form's resolver: the client refuses what the server refuses, with its
 * messages. A website typed as members usually write it (alicebakes.example.com) gets its https://
 * first, so it is checked and saved as the address it names.
 */
export const profileResolver: Resolver<ProfileFormValues, unknown, ProfileInput> = (values, context, options) =>
  contractResolver(typeof values.website === 'string' ? { ...values, website: withWebScheme(values.website) } : values, context, options);
