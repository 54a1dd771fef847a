import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import messages from '../../content/locales/en/console.json';
import { useMessages } from '../../engine/index.ts';
import { closeJoinLink, fetchJoinLink, openJoinLink } from '../api/facilitator-endpoints.ts';
import { consoleKeys } from './console-queries.tsx';
import { ConfirmButton } from './dialogs.tsx';
import { problemOf } from './format.ts';

/** The server's QR code, an SVG of paths drawn from the link alone, as one image named by `label`. */
function QrCode({ svg, label, className }: { svg: string; label: string; className: string }) {
  return <div className={className} role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: svg }} />;
}

/**
 * A class's join link in the console (docs/decisions/024-class-join-links.md): while it is closed, a
 * button that opens one; while it is open, the code in large letters, the link, its QR code (an SVG the
 * server draws with the `qrcode` library, so no service sees the link and no page carries the library), and
 * "Show to the class" (the code and QR code filling the screen, for a projector: a modal `<dialog>`,
 * closed by Escape or its Close button), "New code" and "Close the link", each of which asks first.
 */
export function JoinLink({ classId, className }: { classId: number; className: string }) {
  const t = useMessages(messages);
  const queryClient = useQueryClient();
  const queryKey = [...consoleKeys.class(classId), 'join-link'];
  const link = useQuery({ queryKey, queryFn: () => fetchJoinLink(classId) });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = useRef<HTMLDialogElement>(null);
  if (link.data === undefined) return null;
  const { join_code: code, url, qr_svg: qrSvg } = link.data;

  const refresh = () => queryClient.invalidateQueries({ queryKey });
  async function open() {
    setBusy(true);
    setProblem(null);
    try {
      await openJoinLink(classId);
      await refresh();
    } catch (error) {
      setProblem(problemOf(error, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="join-link-heading" className="console-section">
      <h2 id="join-link-heading">{t('joinLink.heading')}</h2>
      {code === null || url === null || qrSvg === null ? (
        <>
          <p>{t('joinLink.closed')}</p>
          <button type="button" className="button console-button" onClick={() => void open()} disabled={busy} aria-busy={busy}>
            {t('joinLink.open')}
          </button>
        </>
      ) : (
        <>
          <p>{t('joinLink.intro')}</p>
          <div className="join-link">
            <QrCode svg={qrSvg} label={t('joinLink.qr', { link: url })} className="join-link__qr" />
            <dl className="join-link__facts">
              <dt>{t('joinLink.code')}</dt>
              <dd className="join-link__code">{code}</dd>
              <dt>{t('joinLink.link')}</dt>
              <dd>
                <a href={url}>{url}</a>
              </dd>
            </dl>
          </div>
          <div className="console-actions">
            <button type="button" className="button console-button" onClick={() => shown.current?.showModal()}>
              {t('joinLink.show')}
            </button>
            <ConfirmButton
              label={t('joinLink.newCode')}
              title={t('joinLink.newCodeTitle', { className })}
              description={t('joinLink.newCodeDescription')}
              onConfirm={async () => {
                await openJoinLink(classId);
                await refresh();
              }}
            />
            <ConfirmButton
              label={t('joinLink.close')}
              title={t('joinLink.closeTitle', { className })}
              description={t('joinLink.closeDescription')}
              onConfirm={async () => {
                await closeJoinLink(classId);
                await refresh();
              }}
            />
          </div>
          <dialog ref={shown} className="join-link-screen" aria-labelledby="join-link-screen-title">
            <h2 id="join-link-screen-title" className="join-link-screen__title">
              {t('joinLink.showTitle', { className })}
            </h2>
            <p className="join-link-screen__code">{code}</p>
            <QrCode svg={qrSvg} label={t('joinLink.qr', { link: url })} className="join-link-screen__qr" />
            <p className="join-link-screen__hint">{t('joinLink.showHint', { link: url })}</p>
            <button type="button" className="button" onClick={() => shown.current?.close()} autoFocus>
              {t('joinLink.hide')}
            </button>
          </dialog>
        </>
      )}
      {problem ? (
        <p role="alert" className="form-alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
