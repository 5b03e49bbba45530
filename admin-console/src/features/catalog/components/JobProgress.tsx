import { useId } from 'react';
import { observer } from 'mobx-react-lite';
import { useConfirm } from '../../../components/ConfirmDialog';
import type { BulkJob } from '../stores/bulk-job';
import { APPLY_QUESTION, applyFailedText, applyLabel, doneText, NOT_KEPT, progressText, RESUME } from '../texts';

/**
 * A previewed job's actions: apply (after confirmation), progress, the failure with Riprendi, the outcome. A job left
 * unfinished by an earlier visit (`unfinished`) starts with Riprendi and its cancel label instead, without asking again.
 */
export const JobProgress = observer(function JobProgress({
  job,
  onCancel,
  onWritten,
  unfinished,
}: {
  job: BulkJob;
  onCancel: () => void;
  onWritten: () => void;
  unfinished?: { cancelLabel: string };
}) {
  const confirm = useConfirm();
  const progressId = useId();
  const run = async (ask: boolean) => {
    if (ask && !(await confirm({ message: APPLY_QUESTION, confirmLabel: applyLabel(job.changes.length) }))) return;
    await job.run();
    onWritten();
  };
  if (job.changes.length === 0) return null;
  return (
    <>
      {(job.state === 'ready' || job.state === 'applying') && (
        <div className="ac-row">
          <button type="button" className="ac-btn ac-btn-primary" disabled={job.state === 'applying'} onClick={() => void run(!unfinished)}>
            {unfinished ? RESUME : applyLabel(job.changes.length)}
          </button>
          <button type="button" className="ac-btn" disabled={job.state === 'applying'} onClick={onCancel}>
            {unfinished ? unfinished.cancelLabel : 'Annulla'}
          </button>
        </div>
      )}
      {(job.state === 'applying' || job.state === 'failed') && (
        <div className="ac-catalog-progress">
          <label htmlFor={progressId}>{progressText(job.progress.done, job.progress.total, job.kind)}</label>
          <progress id={progressId} max={job.progress.total} value={job.progress.done} />
        </div>
      )}
      {job.state === 'applying' && !job.kept && <p className="ac-note">{NOT_KEPT}</p>}
      {job.state === 'failed' && job.failure !== null && (
        <div role="alert" className="ac-catalog-failure">
          <p>{applyFailedText(job.progress.done, job.progress.total, job.failure, job.kind)}</p>
          <button type="button" className="ac-btn ac-btn-primary" onClick={() => void run(false)}>
            {RESUME}
          </button>
        </div>
      )}
      {job.state === 'done' && job.result && (
        <p role="status">{doneText(job.result.applied.length, job.result.alreadyApplied.length, job.result.conflicts.length, job.kind)}</p>
      )}
    </>
  );
});
