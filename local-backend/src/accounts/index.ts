export { DEMO_API_KEY, deleteAllAccounts, followVerificationLink, markEmailVerified, signInWithPassword, signUp, type AuthSession } from './auth-emulator';
export {
  commitDocuments,
  deleteDocuments,
  importDocuments,
  replaceAllDocuments,
  type BulkLoadOptions,
  type PlainDocument,
  type RestDocument,
} from './firestore-admin';
export { provisionDemoAccounts, type ProvisionedAccount } from './demo-accounts';
