export { DEMO_API_KEY, deleteAllAccounts, signInWithPassword, signUp, type AuthSession } from './auth-emulator';
export { commitDocuments, deleteDocuments, type PlainDocument } from './firestore-admin';
export { provisionDemoAccounts, type ProvisionedAccount } from './demo-accounts';
