import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import game.Game;
import game.rules.phase.Phase;
import game.types.board.SiteType;
import main.Status;
import main.collections.FastArrayList;
import main.collections.FastTIntArrayList;
import other.GameLoader;
import other.action.Action;
import other.context.Context;
import other.move.Move;
import other.state.container.ContainerState;
import other.trial.Trial;

/**
 * SowLudii: sow's own driver of Ludii (tests/ludii/crosscheck.py runs it).
 *
 * Ludii (ludii.games, Cameron Browne et al., CC BY-NC-ND 4.0) is only run,
 * never copied: this file is the project's, and uses Ludii's public API
 * (load a .lud, list legal moves, apply one, copy a context). It plays
 * seeded random Ludii games and writes each as sow's record
 * (docs/record.md, docs/rules-rows.md C2.1-C2.9): one ply per whole turn
 * (C2.4: a run of Ludii decisions by one player), its token (C2.3), the
 * set of every token of the turn's whole decision tree (a token reached twice is listed once) in C2.3
 * order, the board after the turn, captured, hand and claimed.
 *
 *   java SowLudii play   LUD SEED N [flags]           N games, game k from seed SEED+k, a JSON line each
 *   java SowLudii replay LUD --moves "T1 T2 ..." [flags]   the given turns, one JSON line
 *   java SowLudii time   LUD SECONDS [WARMUP] [-o ...]    Ludii's own random playouts a second
 *
 * flags: -o "Option/Item" (repeat), -T turns, -M moves (Ludii's limits),
 *   --dirs (tokens write /cw or /ccw: BK, BA, MW), --kichwa (a decision that
 *   moves captured seeds into a hole and sows them from it is a k part: BK,
 *   BA), --hand (hand [S,N]),
 *   --claimed (claimed per hole from Ludii's site state: GA),
 *   --captured hands|removed|none (C2.6: the seeds in Ludii's hands, the
 *   seeds the mover's turns took out of play, or [0,0]), --score (the end
 *   carries Ludii's scores), --skip-phase NAME (decisions in that phase are
 *   no plies: IS.2, GA.9; repeat), --rounds (Gabata: a round ends when the
 *   board is empty; header lines, round results, match_result).
 */
public class SowLudii
{
	static List<String> options = new ArrayList<>();
	static int maxTurns = -1, maxMoves = -1;
	static boolean dirs = false, kichwa = false, withHand = false, withClaimed = false, withScore = false, rounds = false;
	static String capturedMode = "none";
	static Set<String> skipPhases = new HashSet<>();
	static String movesArg = null;
	static final int DEPTH_CAP = 20000;

	static Game game;
	static int nBoard, R, C;

	public static void main(final String[] argv) throws InterruptedException
	{
		// a turn's tree is walked recursively, a relay lap a level: a deep stack
		final Thread t = new Thread(null, () -> run(argv), "sowludii", 1L << 30);
		t.start();
		t.join();
		System.exit(exitCode);
	}

	static int exitCode = 0;

	static void run(final String[] argv)
	{
		final List<String> args = new ArrayList<>();
		for (int i = 0; i < argv.length; i++)
		{
			final String a = argv[i];
			switch (a)
			{
			case "-o": options.add(argv[++i]); break;
			case "-T": maxTurns = Integer.parseInt(argv[++i]); break;
			case "-M": maxMoves = Integer.parseInt(argv[++i]); break;
			case "--dirs": dirs = true; break;
			case "--kichwa": kichwa = true; break;
			case "--hand": withHand = true; break;
			case "--claimed": withClaimed = true; break;
			case "--score": withScore = true; break;
			case "--rounds": rounds = true; break;
			case "--captured": capturedMode = argv[++i]; break;
			case "--skip-phase": skipPhases.add(argv[++i]); break;
			case "--moves": movesArg = argv[++i]; break;
			default: args.add(a);
			}
		}
		if (args.size() < 2)
		{
			System.err.println("usage: SowLudii play LUD SEED N [flags] | replay LUD --moves \"...\" [flags]");
			exitCode = 2;
			return;
		}
		final File f = new File(args.get(1));
		game = f.exists() ? GameLoader.loadGameFromFile(f, options) : GameLoader.loadGameFromName(args.get(1), options);
		if (maxTurns > 0) game.setMaxTurns(maxTurns);
		if (maxMoves > 0) game.setMaxMoveLimit(maxMoves);
		final SiteType t = game.board().defaultSite();
		nBoard = game.board().topology().getGraphElements(t).size();
		R = game.board().topology().rows(t).size();
		C = nBoard / R;
		if (args.get(0).equals("play"))
		{
			final long seed = Long.parseLong(args.get(2));
			final int n = Integer.parseInt(args.get(3));
			for (int k = 0; k < n; k++)
				System.out.println(playOne(seed + k, null));
		}
		else if (args.get(0).equals("time"))
			time(Double.parseDouble(args.get(2)), args.size() > 3 ? Double.parseDouble(args.get(3)) : 2.0);
		else if (args.get(0).equals("replay"))
		{
			final List<String> toks = new ArrayList<>();
			if (movesArg != null)
				for (final String s : movesArg.trim().split("\\s+"))
					if (!s.isEmpty()) toks.add(s);
			System.out.println(playOne(0, toks));
		}
		else
		{
			System.err.println("unknown mode " + args.get(0));
			exitCode = 2;
		}
	}

	//-------------------------------------------------------------------------
	// The board, hands, states

	static int count(final Context c, final int site)
	{
		return c.containerState(0).count(site, game.board().defaultSite());
	}

	static int[] board(final Context c)
	{
		final int[] b = new int[nBoard];
		for (int s = 0; s < nBoard; s++) b[s] = count(c, s);
		return b;
	}

	/** Ludii's hands: sites nBoard (P1) and nBoard+1 (P2), containers 1 and 2. */
	static int[] hands(final Context c)
	{
		final int[] h = new int[2];
		final int[] from = game.equipment().sitesFrom();
		for (int p = 0; p < 2; p++)
		{
			if (game.equipment().containers().length <= p + 1) continue;
			final ContainerState st = c.containerState(p + 1);
			h[p] = st.count(from[p + 1], SiteType.Cell);
		}
		return h;
	}

	static int[] claimed(final Context c)
	{
		final int[] out = new int[nBoard];
		for (int s = 0; s < nBoard; s++)
		{
			final int st = c.containerState(0).state(s, game.board().defaultSite());
			out[s] = st == 0 ? -1 : st - 1;
		}
		return out;
	}

	static int total(final Context c)
	{
		int t = 0;
		for (final int x : board(c)) t += x;
		for (final int x : hands(c)) t += x;
		return t;
	}

	static String phase(final Context c)
	{
		final Phase[] ph = game.rules().phases();
		if (ph == null || ph.length == 0) return "";
		final int i = c.state().currentPhase(c.state().mover());
		return i >= 0 && i < ph.length ? ph[i].name() : "";
	}

	/** GA: the holes remembered as each player's (Ludii's "OwnedP1/2"); null if none. */
	static int[] owners(final Context c)
	{
		final Map<String, FastTIntArrayList> m = c.state().mapRememberingValues();
		if (m == null) return null;
		final int[] o = new int[nBoard];
		Arrays.fill(o, -1);
		for (int p = 0; p < 2; p++)
		{
			final FastTIntArrayList l = m.get("OwnedP" + (p + 1));
			if (l == null) continue;
			for (int i = 0; i < l.size(); i++) if (l.get(i) >= 0 && l.get(i) < nBoard) o[l.get(i)] = p;
		}
		return o;
	}

	//-------------------------------------------------------------------------
	// Tokens (C2.3, C2.4)

	/** One step counter-clockwise along player p's circuit (C2.5, four rows). */
	static int ccwNext(final int h, final int p)
	{
		final int row = h / C, col = h % C;
		if (row == 0) return col < C - 1 ? h + 1 : 2 * C - 1;
		if (row == 1) return col > 0 ? h - 1 : 0;
		if (row == 2) return col < C - 1 ? h + 1 : 4 * C - 1;
		return col > 0 ? h - 1 : 2 * C;
	}

	/** The direction of a sowing from `from`: where its first seed went. */
	static String dirOf(final List<Action> acts, final int from, final int p)
	{
		for (final Action a : acts)
			if (!a.isDecision() && a.from() == from && a.to() != from && a.to() < nBoard)
				return a.to() == ccwNext(from, p) ? "ccw" : "cw";
		return null;
	}

	/** A turn so far: its first part and the later parts. */
	static final class Tok
	{
		String first;
		boolean hasDir, hasK;
		String parts = "";

		Tok copy()
		{
			final Tok t = new Tok();
			t.first = first; t.hasDir = hasDir; t.hasK = hasK; t.parts = parts;
			return t;
		}

		String text() { return first == null ? "" : first + parts; }
	}

	/** The token after decision m (its applied form am) by player p (1, 2). */
	static Tok extend(final Tok t0, final Move m, final Move am, final int p)
	{
		final Tok t = t0.copy();
		if (m.isPass()) return t;
		final List<Action> acts = am.actions();
		final int from = m.from(), to = m.to();
		if (t.first == null)
		{
			if (from >= nBoard)
				t.first = "+" + to;          // a seed from the hand
			else
			{
				t.first = String.valueOf(from);
				if (dirs)
				{
					final String d = dirOf(acts, from, p);
					if (d != null) { t.first += "/" + d; t.hasDir = true; }
				}
			}
			return t;
		}
		final String type = m.actionType() == null ? "" : m.actionType().toString();
		if (type.equals("Remove"))
		{
			t.parts += ",x" + to;
			return t;
		}
		if (kichwa && !acts.isEmpty())
		{
			final Action a0 = acts.get(0);
			if (!a0.isDecision() && a0.to() == from && a0.from() != from && a0.from() < nBoard && from < nBoard)
			{
				t.parts += ",k" + from;     // captured seeds into a kichwa, sown from it
				t.hasK = true;
				return t;
			}
		}
		if (dirs && !t.hasDir && !t.hasK && t.first.startsWith("+") && from < nBoard)
		{
			final String d = dirOf(acts, from, p);
			if (d != null) { t.first += "/" + d; t.hasDir = true; }
		}
		return t;
	}

	static final Pattern INT = Pattern.compile("\\d+");

	static int[] ints(final String s)
	{
		final List<Integer> l = new ArrayList<>();
		final Matcher mm = INT.matcher(s);
		while (mm.find()) l.add(Integer.parseInt(mm.group()));
		final int[] a = new int[l.size()];
		for (int i = 0; i < a.length; i++) a[i] = l.get(i);
		return a;
	}

	/** C2.3's order: the integers as lists, a list before its extensions, then the string. */
	static int cmpTok(final String a, final String b)
	{
		final int[] x = ints(a), y = ints(b);
		for (int i = 0; i < Math.min(x.length, y.length); i++)
			if (x[i] != y[i]) return Integer.compare(x[i], y[i]);
		if (x.length != y.length) return Integer.compare(x.length, y.length);
		return a.compareTo(b);
	}

	static boolean turnOver(final Context c, final int p)
	{
		return c.trial().over() || c.state().mover() != p || !skipPhases.isEmpty() && skipPhases.contains(phase(c));
	}

	/** The state a relay goes on from: the board, hands, Ludii's hash of its state and the last hole sown. */
	static String key(final Context c)
	{
		final Move last = c.trial().lastMove();
		return Arrays.toString(board(c)) + Arrays.toString(hands(c)) + c.state().fullHash() + "/"
				+ (last == null ? -1 : last.to()) + "/" + c.state().mover();
	}

	/**
	 * Every token of the turn's decision tree from c (player p), with one path
	 * of decision indices each; a path that comes back to a state it has been
	 * in is an endless move (C1.9): its token is put in `endless` too.
	 */
	static void tree(final Context c, final int p, final Tok t, final int[] path, final Map<String, int[]> out,
			final Set<String> endless, final Set<String> seen, final int depth)
	{
		// as Ludii's own tree searches do: a copy of the context, a move of the original's list
		final FastArrayList<Move> legal = game.moves(c).moves();
		final int n = legal.size();
		for (int i = 0; i < n; i++)
		{
			final Context c2 = new Context(c);
			final Move m = legal.get(i);
			game.apply(c2, m);
			final Tok t2 = extend(t, m, c2.trial().lastMove(), p);
			final int[] p2 = Arrays.copyOf(path, path.length + 1);
			p2[path.length] = i;
			if (turnOver(c2, p))
			{
				out.putIfAbsent(t2.text(), p2);
				continue;
			}
			final String k = key(c2);
			if (seen.contains(k) || depth >= DEPTH_CAP)
			{
				out.putIfAbsent(t2.text(), p2);
				endless.add(t2.text());
				continue;
			}
			seen.add(k);
			tree(c2, p, t2, p2, out, endless, seen, depth + 1);
			seen.remove(k);
		}
	}

	//-------------------------------------------------------------------------
	// JSON

	static String arr(final int[] a)
	{
		final StringBuilder sb = new StringBuilder("[");
		for (int i = 0; i < a.length; i++) { if (i > 0) sb.append(','); sb.append(a[i]); }
		return sb.append(']').toString();
	}

	static String q(final String s)
	{
		final StringBuilder sb = new StringBuilder("\"");
		for (final char ch : s.toCharArray())
		{
			if (ch == '"' || ch == '\\') sb.append('\\').append(ch);
			else if (ch < 0x20) sb.append(String.format("\\u%04x", (int) ch));
			else sb.append(ch);
		}
		return sb.append('"').toString();
	}

	/** A token in a record: a bare hole number is a JSON integer (C2.3). */
	static String tokJson(final String t)
	{
		return t.matches("\\d+") ? t : q(t);
	}

	//-------------------------------------------------------------------------

	/** Ludii's random playouts (its own playout loop, game.playout) a second, after a warm-up. */
	static void time(final double secs, final double warm)
	{
		final Context context = new Context(game, new Trial(game));
		final Random rng = new Random(12345);
		long stop = System.nanoTime() + (long) (warm * 1e9);
		while (System.nanoTime() < stop)
		{
			game.start(context);
			game.playout(context, null, 1.0, null, 0, -1, rng);
		}
		int playouts = 0, limits = 0;
		long turns = 0;
		final long t0 = System.nanoTime();
		stop = t0 + (long) (secs * 1e9);
		long now = t0;
		while (now < stop)
		{
			game.start(context);
			game.playout(context, null, 1.0, null, 0, -1, rng);
			final Status st = context.trial().status();
			if (st == null || st.endType() != Status.EndType.NaturalEnd) limits++;
			turns += context.trial().numTurns();
			playouts++;
			now = System.nanoTime();
		}
		final double el = (now - t0) / 1e9;
		System.out.printf(java.util.Locale.ROOT,
				"{\"playouts\":%d,\"seconds\":%.2f,\"playouts_per_s\":%.2f,\"mean_turns\":%.1f,\"limit_ends\":%d}%n",
				playouts, el, playouts / el, (double) turns / Math.max(1, playouts), limits);
	}

	//-------------------------------------------------------------------------

	static String playOne(final long seed, final List<String> given)
	{
		final Random rng = new Random(seed);
		final Trial trial = new Trial(game);
		final Context ctx = new Context(game, trial);
		game.start(ctx);
		final List<String> lines = new ArrayList<>();
		final List<String> moves = new ArrayList<>();
		final int[] removed = new int[2];
		int ply = 0, round = 1, decisions = 0, forcedPasses = 0;
		boolean endlessTurn = false;
		String error = null;
		String start = null;
		boolean needHeader = rounds;
		int gi = 0;
		while (!trial.over())
		{
			final int p = ctx.state().mover();
			// steps that are no plies (IS.2, GA.9): Ludii's decisions, played at random
			if (!skipPhases.isEmpty() && skipPhases.contains(phase(ctx)))
			{
				final FastArrayList<Move> legal = game.moves(ctx).moves();
				game.apply(ctx, legal.get(rng.nextInt(legal.size())));
				decisions++;
				if (rounds && !skipPhases.contains(phase(ctx))) needHeader = true;
				continue;
			}
			final FastArrayList<Move> legal0 = game.moves(ctx).moves();
			if (legal0.size() == 1 && legal0.get(0).isPass())
			{
				// a forced pass is no ply (C2.4; passes are automatic)
				game.apply(ctx, legal0.get(0));
				decisions++;
				forcedPasses++;
				continue;
			}
			if (start == null)
				start = "{\"board\":" + arr(board(ctx)) + ",\"hand\":" + arr(hands(ctx)) + ",\"to_move\":" + (p - 1) + "}";
			if (needHeader)
			{
				final int[] o = owners(ctx);
				lines.add("{\"game\":" + round + ",\"starter\":" + (p - 1) + (o == null ? "" : ",\"owners\":" + arr(o))
						+ ",\"board\":" + arr(board(ctx)) + ",\"captured\":" + arr(hands(ctx))
						+ (withClaimed ? ",\"claimed\":" + arr(claimed(ctx)) : "") + "}");
				needHeader = false;
				ply = 0;
			}
			final Map<String, int[]> tree = new TreeMap<>(SowLudii::cmpTok);
			final Set<String> endless = new HashSet<>();
			tree(ctx, p, new Tok(), new int[0], tree, endless, new HashSet<>(), 0);
			final int before = total(ctx);
			// the turn: Ludii's random decisions, or the path of the given token
			Tok t = new Tok();
			if (given != null)
			{
				if (gi >= given.size()) break;
				final String want = given.get(gi++);
				final int[] path = tree.get(want);
				if (path == null)
				{
					error = "ply " + ply + ": token " + want + " is not legal; legal: " + tree.keySet();
					break;
				}
				for (final int i : path)
				{
					final Move m = game.moves(ctx).moves().get(i);
					game.apply(ctx, m);
					decisions++;
					t = extend(t, m, trial.lastMove(), p);
				}
			}
			else
			{
				int depth = 0;
				final Set<String> seen = new HashSet<>();
				do
				{
					final FastArrayList<Move> legal = game.moves(ctx).moves();
					final Move m = legal.get(rng.nextInt(legal.size()));
					game.apply(ctx, m);
					decisions++;
					t = extend(t, m, trial.lastMove(), p);
					depth++;
					if (turnOver(ctx, p)) break;
					if (!seen.add(key(ctx)) || depth >= DEPTH_CAP) { endlessTurn = true; break; }
				}
				while (true);
			}
			// a turn cut by Ludii's own turn or move limit is no ply (C2.8)
			if (trial.over() && trial.status().endType() != Status.EndType.NaturalEnd && ctx.state().mover() == p)
				break;
			final String tok = t.text();
			if (!tree.containsKey(tok) && error == null)
				error = "ply " + ply + ": the token played, " + tok + ", is not in the turn tree " + tree.keySet();
			if (capturedMode.equals("removed")) removed[p - 1] += before - total(ctx);
			final int[] cap = capturedMode.equals("hands") ? hands(ctx) : capturedMode.equals("removed") ? removed.clone() : new int[2];
			final StringBuilder sb = new StringBuilder();
			sb.append("{\"ply\":").append(ply).append(",\"to_move\":").append(p - 1).append(",\"legal\":[");
			boolean first = true;
			for (final String k : tree.keySet()) { if (!first) sb.append(','); first = false; sb.append(tokJson(k)); }
			sb.append("],\"move\":").append(tokJson(tok));
			sb.append(",\"board\":").append(arr(board(ctx))).append(",\"captured\":").append(arr(cap));
			if (withHand) sb.append(",\"hand\":").append(arr(hands(ctx)));
			if (withClaimed) sb.append(",\"claimed\":").append(arr(claimed(ctx)));
			if (!endless.isEmpty())
			{
				// Ludii's own field: the tokens of endless moves (Ludii plays them on to its move limit)
				final List<String> e = new ArrayList<>(endless);
				e.sort(SowLudii::cmpTok);
				sb.append(",\"ludii_endless\":[");
				for (int i = 0; i < e.size(); i++) { if (i > 0) sb.append(','); sb.append(tokJson(e.get(i))); }
				sb.append(']');
			}
			if (endlessTurn) sb.append(",\"ludii_endless_played\":true");
			sb.append('}');
			lines.add(sb.toString());
			moves.add(tok);
			ply++;
			if (endlessTurn) break;   // Ludii would play it on to its move limit (C2.9)
			if (rounds && Arrays.stream(board(ctx)).sum() == 0)
			{
				final int[] h = hands(ctx);
				lines.add("{\"result\":{\"score\":" + arr(h) + "}}");
				round++;
				if (!trial.over()) needHeader = true;
			}
		}
		final Status st = trial.status();
		final String endType = endlessTurn ? "EndlessMove" : st == null ? "none" : String.valueOf(st.endType());
		final boolean natural = st != null && st.endType() == Status.EndType.NaturalEnd;
		if (st != null && natural)
		{
			final int w = st.winner();
			final String winner = w == 1 ? "0" : w == 2 ? "1" : "null";
			final int[] sc = new int[2];
			final int[] ls = ctx.scores();
			for (int p = 1; p <= 2; p++) sc[p - 1] = ls == null || p >= ls.length ? 0 : ls[p];
			if (rounds)
				lines.add("{\"match_result\":{\"winner\":" + winner + "}}");
			else
				lines.add("{\"result\":{\"winner\":" + winner + ",\"score\":" + (withScore ? arr(sc) : "null") + "}}");
		}
		final StringBuilder out = new StringBuilder();
		out.append("{\"seed\":").append(seed).append(",\"options\":").append(q(String.join("|", options)));
		out.append(",\"start\":").append(start);
		out.append(",\"moves\":[");
		for (int i = 0; i < moves.size(); i++) { if (i > 0) out.append(','); out.append(tokJson(moves.get(i))); }
		out.append("],\"lines\":[").append(String.join(",", lines)).append(']');
		out.append(",\"endType\":").append(q(endType)).append(",\"decisions\":").append(decisions);
		out.append(",\"turns\":").append(trial.numTurns()).append(",\"forcedPasses\":").append(forcedPasses);
		if (error != null) out.append(",\"error\":").append(q(error));
		return out.append('}').toString();
	}
}
