// A game page's live updates: the game's WebSocket (/ws/games/<id>/), which carries only the
// move number and the status. A chat message reloads the chat, a new status the page, another
// move number the game; a dropped connection is opened again after a wait that grows from 1 s
// to 30 s (back to 1 s once open), unless the server closed it for a game that is not there.
export function followGame(url, { chat, status, moveNumber, refresh }) {
  let backoff = 1000;
  function open() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${window.location.host}${url}`);
    socket.addEventListener("open", () => {
      backoff = 1000;
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch (error) {
        return;
      }
      if (message.event === "chat") chat.load();
      if (message.status && message.status !== status() && message.status !== "aborted") {
        window.location.reload();
        return;
      }
      if (typeof message.move_number === "number" && message.move_number !== moveNumber()) refresh();
    });
    socket.addEventListener("close", (event) => {
      if (event.code === 4404) return;
      setTimeout(open, backoff);
      backoff = Math.min(backoff * 2, 30000);
    });
  }
  open();
}
