export type {
  Profile,
  ProfileFields,
  ProfileFieldsOf,
  ProfileValue,
} from './build.js';
export { DEFAULT_PROFILE_SCHEMA } from './default-schema.js';
export { profileRows, profileText } from './format.js';
export {
  type ProfileField,
  type ProfileFieldSpec,
  type ProfileSchema,
  profileSchemaSchema,
} from './schema.js';
