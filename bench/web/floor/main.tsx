// The floor page of `npm run bench:web` (bench/README.md#the-floor): the least a signed-in day page can
// be. React, react-dom and the router, one request for Day 1's saved answers to the same Helix server
// (through the floor's server, bench/web/floor-server.ts), and one labelled text box holding an answer.
// Nothing of Helix's code: what the browser and the machine cost in this run, to measure Helix against.
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';

/** The saved answers' first free-text answer, or '' (the load answers `{answers: {...}}` or `{answers: {answers: {...}}}`). */
function firstText(body: unknown): string {
  let answers = (body as { answers?: unknown } | null)?.answers;
  if (answers && typeof answers === 'object' && 'answers' in answers) answers = (answers as { answers: unknown }).answers;
  const text = Object.values((answers ?? {}) as Record<string, unknown>).find((value) => typeof value === 'string' && value !== '');
  return typeof text === 'string' ? text : '';
}

function FloorDay() {
  const [answer, setAnswer] = useState<string | null>(null);
  useEffect(() => {
    fetch('/api/student/modules/1/response/detail/', { headers: { authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` } })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: unknown) => setAnswer(firstText(body)))
      .catch(() => setAnswer(''));
  }, []);
  return (
    <main>
      <h1>Day 1</h1>
      {answer === null ? (
        <p role="status">Loading</p>
      ) : (
        <>
          <p role="status">Ready</p>
          <label htmlFor="answer">In your own words, how is gene expression different from gene regulation?</label>
          <textarea id="answer" rows={6} cols={60} defaultValue={answer} />
        </>
      )}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="/floor/day-1" element={<FloorDay />} />
        <Route path="*" element={<Navigate to="/floor/day-1" replace />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
