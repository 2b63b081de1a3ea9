import { Type, type Static } from 'typebox';

/** What the sign-in pages need to know about this site's setup before they show an option. */
export const SiteSettingsSchema = Type.Object(
  {
    githubSignIn: Type.Boolean({
      description: 'Whether "Continue with GitHub" and linking GitHub are set up',
    }),
  },
  { $id: 'SiteSettings', additionalProperties: false },
);
export type SiteSettings = Static<typeof SiteSettingsSchema>;
