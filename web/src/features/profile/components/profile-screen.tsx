import type { CurrentUser, Profile, ProfileInput } from '@freemarket/contracts';
import { ArrowLeft } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo, useState, type ComponentType } from 'react';
import { FormProvider, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { UnsavedChangesPrompt } from '../../../components/ui/unsaved-changes-prompt';
import { paths } from '../../../config/paths';
import { errorMessageOf } from '../../../lib/api-client';
import { fullName } from '../../../lib/profile-display';
import { useProfilePage } from '../api/get-profile-page';
import { useSaveProfile } from '../api/save-profile';
import { toFormValues, toProfileInput, type ProfileFormValues } from '../utils/profile-form';
import { PersonalTab } from './personal-tab';
import { PoliticalTab } from './political-tab';
import { ReputationTab } from './reputation-tab';
import type { ProfileSlots } from './profile-slots';
import type { ProfileSectionProps } from './section';
import { ShopTab } from './shop-tab';
import { VocationTab } from './vocation-tab';

const TABS = [
  ['personal', 'Personal'],
  ['vocation', 'Vocation'],
  ['reputation', 'Reputation'],
  ['political', 'Political'],
  ['shop', 'Shop'],
  ['events', 'Events'],
] as const;
type TabName = (typeof TABS)[number][0];

/** Each tab's content: the profile's own sections, and the Events tab the route passes in. */
function tabContents(slots: ProfileSlots): Record<TabName, ComponentType<ProfileSectionProps>> {
  return { personal: PersonalTab, vocation: VocationTab, reputation: ReputationTab, political: PoliticalTab, shop: ShopTab, events: slots.EventsTab };
}

/** The tab holding each form field that can be refused; the rest live on the Vocation tab. */
const FIELD_TABS: Partial<Record<keyof ProfileFormValues, TabName>> = {
  passions: 'personal',
  causes: 'personal',
  favoriteBooks: 'personal',
  favoriteLocalBusinesses: 'personal',
  campaignPlatform: 'political',
  donorInformation: 'political',
};

const loadResolver = () => import('../utils/profile-resolver');

/**
 * The contract's resolver, loaded on the first validation: viewing a profile never needs zod, and
 * Edit Profile starts the download so the first Save does not wait for it.
 */
const lazyProfileResolver: Resolver<ProfileFormValues, unknown, ProfileInput> = async (values, context, options) => (await loadResolver()).profileResolver(values, context, options);

const NOTHING_SHOWN = { userId: '', profile: undefined } as const;

function BackToMap() {
  return (
    <Link to={paths.home.getHref()} className="inline-flex items-center gap-1 text-sm text-blue-800 underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Map
    </Link>
  );
}

interface ProfileEditorProps extends Pick<ProfileScreenProps, 'viewer' | 'userId' | 'slots' | 'onSaved'> {
  profile: Profile | null;
  tab: TabName;
  setTab: (tab: TabName) => void;
  /** False for the first, urgent render: the heading shows at once, the tabs follow in a background one. */
  tabsReady: boolean;
}

function ProfileEditor({ profile, viewer, userId, slots, onSaved, tab, setTab, tabsReady }: ProfileEditorProps) {
  const isOwn = viewer.id === userId;
  // A member without a profile lands straight in the form that creates it.
  const [editing, setEditing] = useState(isOwn && profile === null);
  useEffect(() => {
    if (editing) void loadResolver();
  }, [editing]);
  const form = useForm<ProfileFormValues, unknown, ProfileInput>({ resolver: lazyProfileResolver, defaultValues: toFormValues(profile), mode: 'onSubmit' });
  const save = useSaveProfile(profile?.id ?? null, (saved) => {
    form.reset(toFormValues(saved));
    setEditing(false);
    onSaved();
  });
  const hadPlace = Boolean(profile?.latitude && profile.longitude);
  const onInvalid = (errors: FieldErrors<ProfileFormValues>) => {
    const first = Object.keys(errors)[0] as keyof ProfileFormValues | undefined;
    if (!first) return;
    setTab(FIELD_TABS[first] ?? 'vocation');
    // The field exists once its tab has rendered.
    setTimeout(() => form.setFocus(first), 0);
  };
  const submit = form.handleSubmit((input) => save.mutate(toProfileInput(input, hadPlace)), onInvalid);
  const cancel = () => {
    form.reset(toFormValues(profile));
    setEditing(false);
  };
  const name = isOwn ? fullName(viewer) : profile ? fullName(profile.user) : 'Member';
  const sectionProps: ProfileSectionProps = { userId, profile, viewer, isOwn, editing, slots };
  const contents = tabContents(slots);
  return (
    <FormProvider {...form}>
      <UnsavedChangesPrompt when={editing && form.formState.isDirty} description="Your changes to your profile have not been saved. If you leave this page, they are lost." />
      <div className="mx-auto grid w-full max-w-6xl gap-4 p-4 sm:p-6">
        <BackToMap />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold text-slate-900">{isOwn ? (profile ? 'My Profile' : 'Create Your Profile') : `${name}'s Profile`}</h1>
          {isOwn ? (
            <div className="flex gap-2">
              {editing ? (
                <>
                  <Button onClick={() => void submit()} disabled={save.isPending}>
                    {save.isPending ? 'Saving...' : 'Save'}
                  </Button>
                  <Button variant="outline" onClick={cancel} disabled={save.isPending}>
                    Cancel
                  </Button>
                </>
              ) : (
                // With no profile yet (the create form left by Cancel), it starts the profile, as the header's button says.
                <Button onClick={() => setEditing(true)}>{profile ? 'Edit Profile' : 'Create Profile'}</Button>
              )}
            </div>
          ) : null}
        </div>
        {tabsReady ? (
          <Tabs value={tab} onValueChange={(next) => setTab(next as TabName)}>
            <TabsList label="Profile sections" className="grid grid-cols-3 sm:grid-cols-6">
              {TABS.map(([value, label]) => (
                <TabsTrigger key={value} value={value}>
                  {label}
                </TabsTrigger>
              ))}
            </TabsList>
            {TABS.map(([value]) => {
              const Content = contents[value];
              return (
                <TabsContent key={value} value={value} className="mt-4">
                  <Content {...sectionProps} />
                </TabsContent>
              );
            })}
          </Tabs>
        ) : (
          <Skeleton className="h-64 w-full" />
        )}
      </div>
    </FormProvider>
  );
}

export interface ProfileScreenProps {
  viewer: CurrentUser;
  /** Whose profile the page shows. */
  userId: string;
  /** What the page shows from other features. */
  slots: ProfileSlots;
  /** After the viewer saves their profile: refresh what other screens show of it. */
  onSaved: () => void;
}

/** Spec 02 §2, the profile page: `/profile` for one's own, `/profile/{userId}` for anyone's. */
export function ProfileScreen({ viewer, userId, slots, onSaved }: ProfileScreenProps) {
  const query = useProfilePage(userId);
  // Held here, so the tab stays put when a first save starts the page afresh.
  const [tab, setTab] = useState<TabName>('personal');
  // The heading shows with the answer; the tabs it fills are built in a background render that
  // yields to input every few milliseconds instead of one long task.
  const current = useMemo(() => ({ userId, profile: query.data }), [userId, query.data]);
  // On mount too (the answer may already be cached, the request having started with the page's code).
  const shown = useDeferredValue(current, NOTHING_SHOWN);
  if (query.isError) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-3 p-6">
        <BackToMap />
        <p role="alert" className="text-red-700">
          The profile could not be loaded: {errorMessageOf(query.error)}
        </p>
        <div>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  if (query.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-4 p-6" aria-busy="true">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (query.data === null && viewer.id !== userId) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-3 p-6">
        <BackToMap />
        <h1 className="text-2xl font-bold text-slate-900">Profile not found</h1>
        <p className="text-slate-700">This member has not created a profile yet.</p>
      </div>
    );
  }
  // Keyed by the profile, so creating one starts its page afresh.
  const tabsReady = shown.userId === userId && shown.profile !== undefined;
  return (
    <ProfileEditor key={query.data?.id ?? 'new'} profile={query.data} viewer={viewer} userId={userId} slots={slots} onSaved={onSaved} tab={tab} setTab={setTab} tabsReady={tabsReady} />
  );
}
