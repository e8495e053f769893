// Calls to the JSON API (docs/API.md): one POST a call, the answer's
// object, or an Error carrying the server's located message.

export async function call(route, body) {
  const response = await fetch(`/api/${route}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) {
    throw new Error(answer.error || `${response.status} ${response.statusText}`);
  }
  return answer;
}

/** `action` as an event handler: an error it throws is shown by `show`
 *  (the server's located message). */
export function guarded(action, show) {
  return () => action().catch((error) => show(`Error: ${error.message}`));
}
