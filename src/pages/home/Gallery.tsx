import { useEffect, useId, useRef, useState, type FocusEvent, type PointerEvent } from 'react';
import messages from '../../../content/locales/en/app.json';
import { useMessages } from '../../../engine/index.ts';
import { LessonLink } from '../../layout/LessonLink.tsx';
import type { GalleryItem } from '../../site/site-data.ts';
import { usePrefersReducedMotion } from './use-reduced-motion.ts';

/** Time each slide shows before the next, ms (docs/requirements.md#constants). */
export const GALLERY_INTERVAL_MS = 10_000;

export interface GalleryProps {
  /** The research features, in order (four on the home page). */
  items: readonly GalleryItem[];
  /** The carousel's accessible name. */
  label: string;
}

/**
 * The home page's rotating gallery of research features (docs/requirements.md#home-page), built on
 * the WAI-ARIA auto-rotating carousel pattern: a region with `aria-roledescription="carousel"`, slides
 * with `aria-roledescription="slide"` labelled "n of N", a rotation control first in tab order, Previous
 * and Next buttons and one labelled picker per slide.
 *
 * It advances every 10 s and loops; a picker (or Previous and Next) jumps to its slide and restarts the
 * 10 s. Rotation pauses while the mouse is over the carousel or keyboard focus is inside it, and stays
 * off when the Pause button is pressed or the student prefers reduced motion (the Play button then turns
 * it on). While it is not rotating, slide changes are announced politely. Its controls' names and roles
 * are in the reader's language (`gallery.*` of content/locales/LOCALE/app.json).
 */
export function Gallery({ items, label }: GalleryProps) {
  const t = useMessages(messages);
  const count = items.length;
  const [index, setIndex] = useState(0);
  // Bumped when the student moves the carousel, so the 10 s start again even on the same slide.
  const [moves, setMoves] = useState(0);
  // null: the student has not chosen; rotation then follows the reduced-motion preference.
  const [chosenRotation, setChosenRotation] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotationOn = chosenRotation ?? !reducedMotion;
  const rotating = rotationOn && !hovered && !focused && count > 1;
  const rotationButton = useRef<HTMLButtonElement>(null);
  // Set between a press and the focus it gives: focus from a click is not keyboard focus and must not pause.
  const pressing = useRef(false);
  const slidesId = useId();
  const current = Math.min(index, Math.max(count - 1, 0));

  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => setIndex((shown) => (shown + 1) % count), GALLERY_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [rotating, current, moves, count]);

  if (count === 0) return null;

  function show(next: number) {
    setIndex(((next % count) + count) % count);
    setMoves((value) => value + 1);
  }

  function onFocus(event: FocusEvent<HTMLElement>) {
    const byPointer = pressing.current;
    pressing.current = false;
    // Keyboard focus pauses (WAI-ARIA APG), but not on the rotation control itself, so that pressing Play
    // starts the rotation; and focus left by a click does not, so a clicked picker restarts the 10 s
    // (docs/requirements.md#home-page).
    setFocused(!byPointer && event.target !== rotationButton.current);
  }

  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  }

  function onPointer(event: PointerEvent<HTMLElement>, over: boolean) {
    // A tap on a touch screen fires enter without leave; only a mouse hover pauses.
    if (event.pointerType === 'mouse') setHovered(over);
  }

  return (
    <section
      className="gallery"
      aria-roledescription={t('gallery.carousel')}
      aria-label={label}
      onFocus={onFocus}
      onBlur={onBlur}
      onPointerEnter={(event) => onPointer(event, true)}
      onPointerLeave={(event) => onPointer(event, false)}
      onPointerDown={() => {
        pressing.current = true;
      }}
      onPointerUp={() => {
        pressing.current = false;
      }}
    >
      <div className="gallery__controls">
        <button
          ref={rotationButton}
          type="button"
          className="gallery__rotation button button--secondary"
          aria-controls={slidesId}
          onClick={() => setChosenRotation(!rotationOn)}
        >
          {rotationOn ? <PauseIcon /> : <PlayIcon />}
          {t(rotationOn ? 'gallery.pause' : 'gallery.play')}
        </button>
        <div className="gallery__steppers">
          <button type="button" className="gallery__step" aria-controls={slidesId} aria-label={t('gallery.previous')} onClick={() => show(current - 1)}>
            <ArrowIcon direction="left" />
          </button>
          <button type="button" className="gallery__step" aria-controls={slidesId} aria-label={t('gallery.next')} onClick={() => show(current + 1)}>
            <ArrowIcon direction="right" />
          </button>
        </div>
      </div>
      <div className="gallery__slides" id={slidesId} aria-live={rotating ? 'off' : 'polite'}>
        {items.map((item, position) => (
          <Slide key={item.id} item={item} position={position} count={count} active={position === current} playMedia={rotationOn && !reducedMotion} />
        ))}
      </div>
      <div className="gallery__pickers" role="group" aria-label={t('gallery.pickers')}>
        {items.map((item, position) => (
          <button
            key={item.id}
            type="button"
            className="gallery__picker"
            aria-controls={slidesId}
            aria-current={position === current ? 'true' : undefined}
            aria-label={t('gallery.picker', { position: position + 1, count, title: item.title })}
            onClick={() => show(position)}
          >
            <span className="gallery__picker-dot" aria-hidden="true" />
          </button>
        ))}
      </div>
    </section>
  );
}

interface SlideProps {
  item: GalleryItem;
  position: number;
  count: number;
  active: boolean;
  /** Whether moving media (a video) may play; off when rotation is paused or motion is reduced. */
  playMedia: boolean;
}

function Slide({ item, position, count, active, playMedia }: SlideProps) {
  const t = useMessages(messages);
  return (
    <div
      className="gallery__slide"
      role="group"
      aria-roledescription={t('gallery.slide')}
      aria-label={t('gallery.slidePosition', { position: position + 1, count })}
      hidden={!active}
    >
      <div className="gallery__media">
        {item.media.type === 'video' ? (
          <SlideVideo src={item.media.src} label={item.media.alt} playing={active && playMedia} />
        ) : (
          <img src={item.media.src} alt={item.media.alt} loading={position === 0 ? 'eager' : 'lazy'} />
        )}
      </div>
      <div className="gallery__text">
        <h3 className="gallery__title">{item.title}</h3>
        <p className="gallery__description">{item.description}</p>
        <LessonLink className="gallery__link" href={item.link.href}>
          {item.link.label}
        </LessonLink>
      </div>
    </div>
  );
}

/** A silent looping video that plays only while its slide shows and motion is allowed. */
function SlideVideo({ src, label, playing }: { src: string; label: string; playing: boolean }) {
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    try {
      if (playing) {
        // Autoplay of a muted video may still be refused (power saving): the first frame then shows.
        void Promise.resolve(element.play()).catch(() => undefined);
      } else {
        element.pause();
      }
    } catch {
      // Media playback unavailable (jsdom, locked-down browsers): the poster frame shows.
    }
  }, [playing]);

  return <video ref={video} className="gallery__video" src={src} aria-label={label} muted loop playsInline preload="metadata" />;
}

function PauseIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect x="3" y="2.5" width="3.5" height="11" rx="1" fill="currentColor" />
      <rect x="9.5" y="2.5" width="3.5" height="11" rx="1" fill="currentColor" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M4 2.5v11l9.5-5.5z" fill="currentColor" />
    </svg>
  );
}

function ArrowIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d={direction === 'left' ? 'M12.5 4 6.5 10l6 6' : 'M7.5 4l6 6-6 6'} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
