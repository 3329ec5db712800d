/** Any path no route claims: answered with a real 404 status and the root error boundary's not-found view. */
export async function loader() {
  throw new Response(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
