import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCorners,
  defaultDropAnimationSideEffects,
  pointerWithin,
  rectIntersection,
  useDroppable,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type AutoScrollOptions,
  type CollisionDetection,
  type DragEndEvent,
  type DropAnimation,
  type Over,
} from '@dnd-kit/core';
import { SortableContext, hasSortableData, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy, type SortingStrategy } from '@dnd-kit/sortable';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import messages from '../../../content/locales/en/engine.json';
import { useMessages } from '../../i18n/messages.ts';
import { AUTO_SCROLL_INTERVAL_MS, AUTO_SCROLL_MAX_STEP_PX, AUTO_SCROLL_THRESHOLD, DRAG_START_DISTANCE_PX, DROP_ANIMATION_MS, TOUCH_LONG_PRESS_MS, TOUCH_TOLERANCE_PX } from './constants.ts';
import type { StepList, StepLocation } from './move-step.ts';
import { EndOfStepsView, Grip, PlaceView, type PlaceViewProps } from './place-view.tsx';

// The drag layer of OrderSteps on @dnd-kit (about 16 KB gzipped), a chunk of its own that OrderSteps loads
// once the day is idle or the student reaches for the exercise (docs/decisions/011-first-visit-javascript.md).

const END_OF_STEPS_ID = 'steps-end';
/** A read-only exercise listens to no pointer and no key: nothing can be dragged. */
const NO_SENSORS: never[] = [];
const stepOf = (entry: Active | Over) => (entry.data.current as { step?: string } | undefined)?.step ?? '';

/** Where an item or drop place is: the sortable list and index, or the end of "Steps". */
function placeOf(entry: Active | Over | null): StepLocation | null {
  if (hasSortableData(entry)) return { list: entry.data.current.sortable.containerId as StepList, index: entry.data.current.sortable.index };
  return (entry?.data.current as { location?: StepLocation } | undefined)?.location ?? null;
}

/** A keyboard drag starts and drops with Space or Enter; Escape cancels (docs/requirements.md#ordering-exercise). Tab does not drop. */
const keyboardCodes = { start: ['Space', 'Enter'], cancel: ['Escape'], end: ['Space', 'Enter'] };

// dnd-kit scrolls linearly from 0 at the threshold to `acceleration` at the edge, and has no cap, so the
// speed is 28 px per step at the very edge (and 22 px at 5%): never more than
// docs/requirements.md#constants allows.
const autoScroll: AutoScrollOptions = {
  threshold: { x: AUTO_SCROLL_THRESHOLD, y: AUTO_SCROLL_THRESHOLD },
  acceleration: AUTO_SCROLL_MAX_STEP_PX,
  interval: AUTO_SCROLL_INTERVAL_MS,
};

const dropAnimation: DropAnimation = {
  duration: DROP_ANIMATION_MS,
  easing: 'cubic-bezier(0.2, 0, 0, 1)',
  sideEffects: defaultDropAnimationSideEffects({ styles: { active: { opacity: '0.4' } } }),
};

// The slots of "Your order" stay put while a step is dragged over them (the place is outlined instead):
// moved, an empty slot would read "Drop step 4 here" beside the number 2.
const keepSlotsInPlace: SortingStrategy = () => null;

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The keyboard goes to the place the arrow points at; a pointer drops on what is under it, else what the step overlaps. */
const collisionDetection: CollisionDetection = (args) => {
  if (!args.pointerCoordinates) return closestCorners(args);
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : rectIntersection(args);
};

/** Props of {@link DragArea}. */
export interface DragAreaProps {
  readOnly: boolean;
  /** Read to screen readers with every drag handle. */
  instructions: string;
  /** What a student sees and hears for a stored step (OrderSteps' `stepLabels`); keep it stable (`useCallback`), the announcements are made from it. */
  labelOf: (step: string) => string;
  /** A place in words, for announcements ("slot 2 of Your order"); keep it stable (`useCallback`), the announcements are made from it. */
  describePlace: (location: StepLocation) => string;
  /** Moves the stored `step` to `to` (null: dropped outside both lists); returns its new place in words, or null when nothing moved. */
  onMove: (step: string, to: StepLocation | null) => string | null;
  /** The step being dragged, or null when the drag ends or is cancelled. */
  onDragging: (step: string | null) => void;
  children: ReactNode;
}

/**
 * The drag-and-drop context of an ordering exercise: mouse (after {@link DRAG_START_DISTANCE_PX} px),
 * touch (after a {@link TOUCH_LONG_PRESS_MS} ms press) and keyboard sensors, announcements in words
 * ("Transcription is over slot 2 of Your order."), auto-scroll near the window's edge and the card
 * that follows the pointer (docs/requirements.md#ordering-exercise). The announcements are dnd-kit's
 * `announcements` and the instructions its `screenReaderInstructions`, both in the reader's language
 * (`orderSteps.announce.*` and `orderSteps.instructions` in content/locales/LOCALE/engine.json).
 */
export function DragArea({ readOnly, instructions, labelOf, describePlace, onMove, onDragging, children }: DragAreaProps) {
  const [dragged, setDragged] = useState<string | null>(null);
  const movedAway = useRef(false);
  const dropAnnouncement = useRef('');
  const t = useMessages(messages);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: DRAG_START_DISTANCE_PX } }),
    useSensor(TouchSensor, { activationConstraint: { delay: TOUCH_LONG_PRESS_MS, tolerance: TOUCH_TOLERANCE_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, keyboardCodes }),
  );
  const announcements = useMemo<Announcements>(() => {
    return {
      onDragStart: ({ active }) => {
        const place = placeOf(active);
        const step = labelOf(stepOf(active));
        return place ? t('orderSteps.announce.pickedUp', { step, place: describePlace(place) }) : t('orderSteps.announce.pickedUpNoList', { step });
      },
      onDragOver: ({ active, over }) => {
        // The first "over" is the step's own place: stay quiet so "Picked up…" is not cut off.
        if (!movedAway.current && over?.id === active.id) return undefined;
        movedAway.current = true;
        const step = labelOf(stepOf(active));
        if (!over) return t('orderSteps.announce.notOver', { step });
        const place = placeOf(over);
        return place ? t('orderSteps.announce.over', { step, place: describePlace(place) }) : t('orderSteps.announce.overNoList', { step });
      },
      onDragEnd: () => dropAnnouncement.current,
      onDragCancel: ({ active }) => t('orderSteps.announce.cancelled', { step: labelOf(stepOf(active)) }),
    };
  }, [describePlace, labelOf, t]);

  const drag = (step: string | null) => {
    setDragged(step);
    onDragging(step);
  };

  function handleDragEnd({ active, over }: DragEndEvent) {
    drag(null);
    const step = stepOf(active);
    const place = onMove(step, placeOf(over));
    const label = labelOf(step);
    dropAnnouncement.current = place ? t('orderSteps.announce.dropped', { step: label, place }) : t('orderSteps.announce.notMoved', { step: label });
  }

  return (
    <DndContext
      sensors={readOnly ? NO_SENSORS : sensors}
      collisionDetection={collisionDetection}
      autoScroll={autoScroll}
      accessibility={{ announcements, screenReaderInstructions: { draggable: instructions } }}
      onDragStart={({ active }) => {
        movedAway.current = false;
        drag(stepOf(active));
      }}
      onDragEnd={handleDragEnd}
      onDragCancel={() => drag(null)}
    >
      {children}
      {/* In the body: a lesson's part contains its paint (content-visibility), which would clip the card. */}
      {createPortal(
        <DragOverlay dropAnimation={prefersReducedMotion() ? null : dropAnimation}>
          {dragged ? (
            <div className="order-steps__card order-steps__card--overlay" aria-hidden="true">
              <span className="order-steps__handle">
                <Grip />
                <span className="order-steps__text">{labelOf(dragged)}</span>
              </span>
            </div>
          ) : null}
        </DragOverlay>,
        document.body,
      )}
    </DndContext>
  );
}

/** One list of the exercise as a sortable container: "Steps" (`available`) moves its steps aside to show a drop; "Your order" (`ordered`) keeps its slots in place. */
export function SortableList({ id, items, children }: { id: string; items: string[]; children: ReactNode }) {
  return (
    <SortableContext id={id} items={items} strategy={id === 'available' ? verticalListSortingStrategy : keepSlotsInPlace}>
      {children}
    </SortableContext>
  );
}

/** A {@link PlaceView} that can be dragged (a step) and dropped onto (a step or an empty slot); dnd-kit's handle props replace any given. */
export function SortablePlace(props: PlaceViewProps) {
  const { id, step, readOnly } = props;
  const data = useMemo(() => ({ step }), [step]);
  const t = useMessages(messages);
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging, isOver } = useSortable({
    id,
    data,
    disabled: readOnly ? true : { draggable: !step, droppable: false },
    attributes: { roleDescription: t('orderSteps.roleDescription') },
  });
  const classes: string[] = [];
  if (isDragging) classes.push('order-steps__card--dragging');
  // In "Steps" the places step aside (transform) to show the drop; a place that stays put is outlined.
  if (isOver && !isDragging && !transform) classes.push('order-steps__over');
  return (
    <PlaceView
      {...props}
      cardRef={setNodeRef}
      handleRef={setActivatorNodeRef}
      handleProps={{ ...attributes, ...listeners }}
      cardClasses={classes}
      style={{ transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined, transition }}
    />
  );
}

/** The place after the last step of "Steps" as a drop place: drops here go to the end of the list. */
export function SortableEndOfSteps({ index }: { index: number }) {
  const location: StepLocation = { list: 'available', index };
  const { setNodeRef, isOver } = useDroppable({ id: END_OF_STEPS_ID, data: { location } });
  return <EndOfStepsView index={index} nodeRef={setNodeRef} isOver={isOver} />;
}
