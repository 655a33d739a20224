import { zodResolver } from '@hookform/resolvers/zod';
import { profileInputSchema, type ProfileInput } from '@freemarket/contracts';
import type { Resolver } from 'react-hook-form';
import type { ProfileFormValues } from './profile-form';

/** The profile contract as the form's resolver: the client refuses what the server refuses, with its messages. */
export const profileResolver: Resolver<ProfileFormValues, unknown, ProfileInput> = zodResolver(profileInputSchema);
