/**
 * What a console page shows where data failed to load: a sentence naming it and a Try again button.
 *
 * @param what - what failed, e.g. "your classes"
 * @param retry - loads it again
 */
export function LoadFailed({ what, retry }: { what: string; retry(): void }) {
  return (
    <div className="console-failed">
      <p className="form-alert" role="alert">
        Unable to load {what}. Check the connection, then try again.
      </p>
      <p>
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      </p>
    </div>
  );
}
