// A refused change of members or settings, said in the reader's language: the services give the
// reason beside their English message, the page picks its own sentence for it.
import { MembershipRefused } from '../../auth/members.service';
import { MAX_DESCRIPTION_LENGTH, SettingsRefused } from '../../bases/bases.service';
import type { Messages } from '../i18n/en';

/** What the members page says for `error`; `email` is the address the form named, if any. */
export function membershipProblem(t: Messages, error: MembershipRefused, email = ''): string {
  switch (error.reason) {
    case 'bad-email': return t.membersBadEmail(email.trim());
    case 'bad-role': return t.membersBadRole;
    case 'unknown-user': return t.membersUnknownUser(email.trim().toLowerCase());
    case 'already-member': return error.member ? t.membersAlreadyMember(error.member.email, t.membersRoleNames[error.member.role]) : error.message;
    case 'not-a-member': return t.membersNotMember;
    case 'last-owner': return t.membersLastOwner;
  }
}

/** What the settings page says for `error`. */
export function settingsProblem(t: Messages, error: SettingsRefused): string {
  switch (error.reason) {
    case 'description-too-long': return t.settingsDescriptionTooLong(MAX_DESCRIPTION_LENGTH);
    case 'bad-view': return t.settingsBadView;
  }
}
