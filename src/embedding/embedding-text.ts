/** The text a memory's vector is made of (the write path and the re-embedding job use this one function). */
export function memoryEmbeddingText(content: string): string {
  return content;
}

/** A message's vector covers who said it: `speaker: content`. */
export function messageEmbeddingText(speaker: string | null, content: string): string {
  return speaker ? `${speaker}: ${content}` : content;
}
