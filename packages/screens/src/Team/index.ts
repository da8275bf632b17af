export {
  FAILED_TO_CHANGE_TEAM,
  FAILED_TO_LOAD_TEAM,
  INVITATIONS_TITLE,
  LEAVE_WORKSPACE,
  MEMBERS_TITLE,
  NO_INVITATIONS,
  TeamPanel,
} from './TeamPanel'
export {
  EDIT_LIMIT,
  editLimitTitle,
  FAILED_TO_SAVE_LIMIT,
  LIMIT_AMOUNT_LABEL,
  LIMIT_REQUIRED,
  limitSavedMessage,
  NO_LIMIT,
  SAVE_LIMIT,
} from './EditLimitDialog'
export {
  FAILED_TO_INVITE,
  INVITE_EMAIL_LABEL,
  INVITE_LIMIT_LABEL,
  INVITE_ROLE_LABEL,
  INVITE_TITLE,
  invitationSentMessage,
  SEND_INVITATION,
} from './InviteMemberForm'
export {
  ACTIVITY_LABELS,
  ACTIVITY_TITLE,
  ActivityLog,
  FAILED_TO_LOAD_ACTIVITY,
  NO_ACTIVITY,
} from './ActivityLog'
