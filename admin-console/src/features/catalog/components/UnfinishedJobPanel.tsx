import { useId } from 'react';
import { observer } from 'mobx-react-lite';
import type { UnfinishedJobStore } from '../stores/unfinished-job';
import { DISCARD_UNFINISHED, UNFINISHED_TITLE, unfinishedText } from '../texts';
import { JobProgress } from './JobProgress';

/** The job an earlier visit left unfinished (Riprendi or Scarta), or why a saved one was discarded. */
export const UnfinishedJobPanel = observer(function UnfinishedJobPanel({ unfinished, onWritten }: { unfinished: UnfinishedJobStore; onWritten: () => void }) {
  const headingId = useId();
  const { job, notice } = unfinished;
  if (!job && !notice) return null;
  return (
    <section className="ac-card ac-catalog-bulk" aria-labelledby={headingId}>
      <h2 id={headingId}>{UNFINISHED_TITLE}</h2>
      {notice && (
        <p role="alert" className="ac-error">
          {notice}
        </p>
      )}
      {job && (
        <>
          {job.state === 'ready' && <p>{unfinishedText(job.kind, job.doneBefore, job.doneBefore + job.changes.length)}</p>}
          <JobProgress job={job} onCancel={unfinished.discard} onWritten={onWritten} unfinished={{ cancelLabel: DISCARD_UNFINISHED }} />
        </>
      )}
    </section>
  );
});
