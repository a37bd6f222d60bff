export const LOADING_TEXT = 'Loading configurator...';
export const FAILED_TEXT = 'Could not load configurator';

/** 'Loading configurator...' or 'Could not load configurator' (docs/spec.md section 2.13). */
export function ConfiguratorStatus({ status }: { status: 'loading' | 'failed' }) {
  return status === 'loading' ? (
    <p role="status">{LOADING_TEXT}</p>
  ) : (
    <p role="alert">{FAILED_TEXT}</p>
  );
}
