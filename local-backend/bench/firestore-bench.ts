/**
 * Throughput of the Firestore emulator through the real lite SDK, in-process, no rules.
 * Run: `node --import tsx local-backend/bench/firestore-bench.ts` (figures go into local-backend/README.md).
 */
import { deleteApp, initializeApp } from 'firebase/app';
import { collection, connectFirestoreEmulator, doc, getDocs, getFirestore, setDoc, terminate } from 'firebase/firestore/lite';
import { startFirestoreEmulator } from '../src/firestore';

const DOCS = 5_000;
const QUERY_ROUNDS = 10;
const COMMITS = 1_000;

async function main(): Promise<void> {
  const emulator = await startFirestoreEmulator({ projectId: 'demo-bench', port: 0 });
  emulator.importPlainDocuments(
    Array.from({ length: DOCS }, (_, i) => ({
      path: `products/p${String(i).padStart(5, '0')}`,
      data: { name: `Product ${i}`, price: i % 100, tags: ['a', 'b'], updatedAt: new Date(), nested: { level: i % 7 } },
    })),
  );
  const app = initializeApp({ projectId: 'demo-bench', apiKey: 'bench' }, 'bench');
  const db = getFirestore(app);
  connectFirestoreEmulator(db, emulator.host, emulator.port);

  await getDocs(collection(db, 'products')); // warm-up
  let started = performance.now();
  let read = 0;
  for (let i = 0; i < QUERY_ROUNDS; i++) read += (await getDocs(collection(db, 'products'))).size;
  let seconds = (performance.now() - started) / 1000;
  console.log(
    `getDocs of ${DOCS} documents: ${((seconds / QUERY_ROUNDS) * 1000).toFixed(0)} ms per query, ${Math.round(read / seconds)} documents read/s`,
  );

  started = performance.now();
  for (let i = 0; i < COMMITS; i++) await setDoc(doc(db, 'bench', `d${i % 50}`), { i, at: new Date() });
  seconds = (performance.now() - started) / 1000;
  console.log(`setDoc commits (sequential): ${Math.round(COMMITS / seconds)} commits/s over ${COMMITS}`);

  await terminate(db);
  await deleteApp(app);
  await emulator.stop();
}

void main();
