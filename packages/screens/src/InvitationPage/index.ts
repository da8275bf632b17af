export {
  ACCEPT_INVITATION,
  INVITATION_TITLE,
  INVITATION_WITHDRAWN,
  InvitationPage,
  joinedMessage,
  type InvitationPageProps,
} from './InvitationPage'
