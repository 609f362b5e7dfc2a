// W1 (exp(-x^2) with every derivative 0..N at 200,000 points in [-4, 4], docs/benchmarks.md)
// three ways in one run: the static inline C functions (dnum_fixed, as bench_dnum), the
// C++ front end dnum/dnum.hpp (dnum_hpp: dnum::fixed<N>, calls the library's linkable
// copies) and Boost.Math autodiff's fvar<double, N> (boost_autodiff). Rounds interleave the
// three; each prints a RESULT line (best and median of the rounds, ns per point, checksum:
// the sum of every derivative) and the ratios of the best times to dnum_fixed.
// Usage: bench_w1_cpp [N] [rounds]   (default: N = 2, 4, 8, 16; 5 rounds)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>
#include <boost/math/differentiation/autodiff.hpp>
#include <dnum/dnum.hpp>
#include "w1_c.h"

static const long M = 200000;

static double x_at(long i) { return -4.0 + 8.0 * double(i) / double(M - 1); }

template <unsigned N> static double w1_hpp()
{
    double cs = 0.0;
    for (long i = 0; i < M; i++) {
        auto x = dnum::fixed<N>::var(x_at(i));
        auto y = exp(-(x * x));
        for (unsigned k = 0; k <= N; k++) cs += y[k];
    }
    return cs;
}

template <unsigned N> static double w1_boost()
{
    using namespace boost::math::differentiation;
    double cs = 0.0;
    for (long i = 0; i < M; i++) {
        auto const x = make_fvar<double, N>(x_at(i));
        auto const y = exp(-(x * x));
        for (unsigned k = 0; k <= N; k++) cs += y.derivative(k);
    }
    return cs;
}

static double seconds(const std::function<double()> &f, double &cs)
{
    auto t0 = std::chrono::steady_clock::now();
    cs = f();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

template <unsigned N> static void run(int rounds)
{
    const char *peer[3] = {"dnum_fixed", "dnum_hpp", "boost_autodiff"};
    std::function<double()> f[3] = {[] { return w1_c(N); }, w1_hpp<N>, w1_boost<N>};
    std::vector<double> t[3];
    double cs[3];
    for (int r = 0; r < rounds; r++)
        for (int p = 0; p < 3; p++) t[p].push_back(seconds(f[p], cs[p]));
    double best[3];
    for (int p = 0; p < 3; p++) {
        std::sort(t[p].begin(), t[p].end());
        best[p] = t[p][0] * 1e9 / M;
        std::printf("RESULT,%s,-O3,W1,%u,ns_per_point,%.4f,%.4f,%.17g,\n", peer[p], N, best[p],
                    t[p][t[p].size() / 2] * 1e9 / M, cs[p]);
    }
    std::printf("W1 N=%u: dnum_hpp / dnum_fixed = %.2f, boost_autodiff / dnum_fixed = %.2f, "
                "boost_autodiff / dnum_hpp = %.2f\n",
                N, best[1] / best[0], best[2] / best[0], best[2] / best[1]);
    std::fflush(stdout);
}

int main(int argc, char **argv)
{
    int n = argc >= 2 ? std::atoi(argv[1]) : 0, rounds = argc >= 3 ? std::atoi(argv[2]) : 5;
    if (rounds < 1) rounds = 1;
    if (n == 0 || n == 2) run<2>(rounds);
    if (n == 0 || n == 4) run<4>(rounds);
    if (n == 0 || n == 8) run<8>(rounds);
    if (n == 0 || n == 16) run<16>(rounds);
    return 0;
}
