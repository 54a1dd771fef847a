import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLesson } from './use-lesson.ts';

describe('useLesson', () => {
  it('is loading, then ready with what was loaded', async () => {
    const load = () => Promise.resolve('lesson');
    const { result } = renderHook(() => useLesson('day-1', load));
    expect(result.current.state).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current.state).toMatchObject({ status: 'ready', lesson: 'lesson' }));
  });

  it('says unpublished when there is nothing to load', async () => {
    const load = () => Promise.resolve(null);
    const { result } = renderHook(() => useLesson('day-9', load));
    await waitFor(() => expect(result.current.state).toMatchObject({ status: 'unpublished' }));
  });

  describe('when the download fails', () => {
    it('says failed, and Try again loads again', async () => {
      const load = vi.fn<() => Promise<string | null>>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce('lesson');
      const { result } = renderHook(() => useLesson('section-welcome', load));
      await waitFor(() => expect(result.current.state).toMatchObject({ status: 'failed' }));
      act(() => result.current.retry());
      expect(result.current.state).toEqual({ status: 'loading' });
      await waitFor(() => expect(result.current.state).toMatchObject({ status: 'ready', lesson: 'lesson' }));
      expect(load).toHaveBeenCalledTimes(2);
    });
  });

  it('drops a load that settles after the page moved on to another lesson', async () => {
    let finishFirst: (lesson: string) => void = () => undefined;
    const first = () => new Promise<string>((resolve) => (finishFirst = resolve));
    const second = () => Promise.resolve('second');
    const { result, rerender } = renderHook(({ key, load }) => useLesson(key, load), { initialProps: { key: 'day-1', load: first } });
    rerender({ key: 'day-2', load: second });
    await waitFor(() => expect(result.current.state).toMatchObject({ status: 'ready', lesson: 'second' }));
    await act(async () => finishFirst('first'));
    expect(result.current.state).toMatchObject({ status: 'ready', lesson: 'second' });
  });
});
