/** The profiles feature as other features may use it: nothing else of this folder is imported from outside (docs/architecture.md). */
export { accessList } from './access';
export { BADGE_TAKEN, checkBadge, checkBadgeWith, whyNotForProfile } from './badges';
export { deleteProfilesFor, deleteProfilesIn } from './deletion';
export type { DeletedProfile, Tx } from './deletion';
export {
    accessGroupsOfAccount,
    addProfilesToGroup,
    badgeTaken,
    badgesUsingFormat,
    findProfile,
    groupMembers,
    insertProfile,
    profilesOfAccount,
    removeProfileFromGroup,
    toProfiles,
    visitorsWithFormat,
} from './queries';
export type { CheckedBadge } from './queries';
