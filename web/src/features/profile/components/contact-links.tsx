import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { isWebAddress } from '../../../lib/web-address';
import type { ProfileFormValues } from '../utils/profile-form';
import { ProfileTextInput } from './form-fields';

/** A phone number as a tel: address: its digits, with the leading + of an international one; null without digits. */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (!digits) return null;
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`;
}

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1.5">
      <p className="text-sm font-medium text-slate-800">{label}</p>
      <p className="flex min-h-10 items-center text-sm wrap-anywhere">{children}</p>
    </div>
  );
}

/** The website: typed in edit mode; outside it, a link that opens the site. */
export function WebsiteField({ editing }: { editing: boolean }) {
  const website = useWatch<ProfileFormValues, 'website'>({ name: 'website' })?.trim() ?? '';
  if (editing || !isWebAddress(website)) return <ProfileTextInput name="website" label="Website" type="url" editing={editing} />;
  return (
    <Labelled label="Website">
      <a href={website} target="_blank" rel="noreferrer noopener" className="text-blue-800 underline">
        {website}
      </a>
    </Labelled>
  );
}

/** The phone: typed in edit mode; outside it, a tel: link a phone calls with one tap. */
export function PhoneField({ editing }: { editing: boolean }) {
  const phone = useWatch<ProfileFormValues, 'phone'>({ name: 'phone' })?.trim() ?? '';
  const href = telHref(phone);
  if (editing || !href) return <ProfileTextInput name="phone" label="Phone" type="tel" editing={editing} />;
  return (
    <Labelled label="Phone">
      <a href={href} className="text-blue-800 underline">
        {phone}
      </a>
    </Labelled>
  );
}
